package com.gpuquote.sizing.api;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.RecommendationReport;
import com.gpuquote.sizing.RecommendationRequest;
import com.gpuquote.sizing.SizingService;
import com.gpuquote.sizing.engine.ActivationRecompute;
import com.gpuquote.sizing.engine.Attention;
import com.gpuquote.sizing.engine.LoraTargets;
import com.gpuquote.sizing.engine.Quantization;
import com.gpuquote.sizing.engine.ServingEngine;
import com.gpuquote.sizing.engine.TrainingMode;
import com.gpuquote.sizing.engine.DatasetInput;
import com.gpuquote.sizing.engine.ModelInput;
import com.gpuquote.sizing.engine.Offload;
import com.gpuquote.sizing.engine.Optimizer;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Workload;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

@RestController
@RequestMapping("/api/v1/recommendations")
@Tag(name = "Sizing")
class RecommendationController {

    /** The sizing input's fields (same names as {@code POST /api/v1/sizing}) plus the pricing context. */
    record RecommendationBody(
            Workload workload, ModelInput model, Precision precision, Precision kvCachePrecision, Integer gpuCount,
            Integer gpusPerNode, Integer microBatchSize, Integer sequenceLength, Optimizer optimizer,
            Integer zeroStage, Offload offload, ActivationRecompute activationRecompute, Integer loraRank,
            DatasetInput dataset, Integer dataloaderWorkersPerGpu, Double gpuWorkingSetGiB, Double hostWorkingSetGiB,
            Boolean cpuIntensive,
            TrainingMode trainingMode, Attention attention, ServingEngine servingEngine, Double gpuMemoryUtilization,
            Integer maxNumBatchedTokens, Boolean cudaGraphs, Quantization quantization, LoraTargets loraTargets,
            Double swapSpaceGiB, Double kvCpuOffloadGiB, Integer imageResolution,
            String region, BillingMode billingMode, BigDecimal hoursPerMonth, Integer maxCandidates, UUID customerId,
            Integer termMonths, Double trainingTokens, com.gpuquote.sizing.engine.RankBy rankBy, Double deadlineHours,
            BigDecimal budget, com.gpuquote.sizing.engine.ServingTraffic traffic) {

        RecommendationRequest toRequest() {
            SizingInput input = new SizingInput(workload, model, precision, kvCachePrecision, gpuCount, gpusPerNode,
                    microBatchSize, sequenceLength, optimizer, zeroStage, offload, activationRecompute, loraRank,
                    dataset, dataloaderWorkersPerGpu, gpuWorkingSetGiB, hostWorkingSetGiB, cpuIntensive, trainingMode,
                    attention, servingEngine, gpuMemoryUtilization, maxNumBatchedTokens, cudaGraphs, quantization,
                    loraTargets, swapSpaceGiB, kvCpuOffloadGiB, imageResolution);
            return new RecommendationRequest(input, region, billingMode, hoursPerMonth, maxCandidates,
                    customerId == null ? null : new CustomerId(customerId), termMonths, trainingTokens, rankBy,
                    deadlineHours, budget, traffic);
        }
    }

    private final SizingService sizing;

    RecommendationController(SizingService sizing) {
        this.sizing = sizing;
    }

    @PostMapping
    @Operation(summary = "Rank the instance types offered in a region, priced from the tenant's price list in force")
    RecommendationReport recommend(@RequestBody RecommendationBody body,
                                   @RequestHeader(value = "Accept-Language", required = false) @Nullable String language) {
        return RecommendationReport.of(sizing.recommend(body.toRequest()), SizingController.locale(language));
    }
}
