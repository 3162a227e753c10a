package com.gpuquote.sizing;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.engine.CandidateInstance;
import com.gpuquote.sizing.engine.ModelInput;
import com.gpuquote.sizing.engine.Plan;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.RankedCandidate;
import com.gpuquote.sizing.engine.RatioPolicy;
import com.gpuquote.sizing.engine.Recommendation;
import com.gpuquote.sizing.engine.Recommender;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Workload;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On every shipped multi-GPU instance type (the migrated catalog, read through the runtime role) the plan uses every
 * GPU billed, for a model that fits one GPU (served and LoRA-tuned) and one that needs several.
 */
class ShippedCatalogPlansTest extends IntegrationTest {

    @Autowired
    TestTenants tenants;
    @Autowired
    SizingFixtures fixtures;
    @Autowired
    CatalogService catalog;

    @Test
    void everyShippedMultiGpuTypeUsesTheGpusItBills() {
        TestTenants.TestTenant t = tenants.create("en");
        List<InstanceType> types = fixtures.as(t.consultantEmail(), () -> catalog.instanceTypes(InstanceTypeFilter.ALL));
        List<CandidateInstance> multi = types.stream().filter(x -> x.gpuCount() > 1)
                .map(x -> SizingService.candidate(x, BillingMode.HOURLY, BigDecimal.valueOf(x.gpuCount()), "CNY",
                        BigDecimal.valueOf(x.gpuCount())))
                .toList();
        assertThat(multi).as("shipped multi-GPU types").hasSizeGreaterThanOrEqualTo(10);
        List<SizingInput> workloads = List.of(
                SizingInput.builder(Workload.INFERENCE).model(ModelInput.preset("llama-3-8b")).precision(Precision.FP16)
                        .sequenceLength(4096).build(),
                SizingInput.builder(Workload.INFERENCE).model(ModelInput.preset("llama-3-70b"))
                        .precision(Precision.FP16).sequenceLength(8192).build(),
                SizingInput.builder(Workload.LORA_FINE_TUNING).model(ModelInput.preset("llama-3-8b"))
                        .precision(Precision.FP16).sequenceLength(2048).build());
        int checked = 0;
        for (SizingInput in : workloads) {
            Recommendation rec = Recommender.recommend(in, multi, null, Recommender.MAX_CANDIDATES_LIMIT,
                    RatioPolicy.defaults());
            assertThat(rec.candidates()).as(in.workload() + " " + in.model()).isNotEmpty();
            for (RankedCandidate c : rec.candidates()) {
                Plan p = c.plan();
                int used = p.dataParallel() > 1 ? p.dataParallel()
                        : p.tensorParallel() * p.pipelineParallel() * p.replicas();
                assertThat(used).as(c.instanceType() + " " + in.model() + " " + p)
                        .isEqualTo(c.gpusPerInstance() * c.instances());
                checked++;
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(20);
    }
}
