package com.gpuquote.sizing.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One test per rejection rule; fields are named as in the JSON request. */
class ValidationTest {

    private static SizingInput.Builder validTraining() {
        return SizingInput.builder(Workload.TRAINING).preset("llama-3-8b").precision(Precision.BF16).sequenceLength(2048);
    }

    private static SizingInput.Builder explicit(Long p, Integer layers, Integer hidden, Integer heads, Integer kv,
                                                Integer vocab, Long ll) {
        return SizingInput.builder(Workload.INFERENCE).precision(Precision.BF16).sequenceLength(1024)
                .model(new ModelInput(null, p, layers, hidden, heads, kv, vocab, ll));
    }

    private static List<FieldError> errors(SizingInput.Builder b) {
        return SizingEngine.validate(b.build());
    }

    private static List<String> fields(SizingInput.Builder b) {
        return errors(b).stream().map(FieldError::field).toList();
    }

    @Test
    void valid_input_has_no_errors_and_size_does_not_throw() {
        assertThat(errors(validTraining())).isEmpty();
        assertThat(SizingEngine.size(validTraining().build()).perGpu().totalGiB()).isPositive();
    }

    @Test
    void all_bad_fields_are_reported_at_once() {
        SizingInput bad = validTraining().precision(Precision.INT8).gpuCount(0).zeroStage(0)
                .offload(Offload.OPTIMIZER).sequenceLength(-1).build();
        assertThatThrownBy(() -> SizingEngine.size(bad))
                .isInstanceOfSatisfying(SizingValidationException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field)
                        .containsExactlyInAnyOrder("precision", "gpuCount", "offload", "sequenceLength"));
    }

    @Test
    void workload_is_required() {
        assertThat(fields(validTraining().workload(null))).contains("workload");
    }

    @Test
    void model_is_required_except_for_general_compute() {
        assertThat(fields(validTraining().model(null))).containsExactly("model");
        assertThat(errors(Inputs.general(10, 10))).isEmpty();
    }

    @Test
    void unknown_preset_is_rejected() {
        assertThat(errors(validTraining().preset("gpt-5"))).singleElement()
                .satisfies(e -> {
                    assertThat(e.field()).isEqualTo("model.preset");
                    assertThat(e.code()).isEqualTo("unknown");
                    assertThat(e.message()).contains("gpt-5");
                });
    }

    @Test
    void preset_and_explicit_figures_together_are_rejected() {
        assertThat(fields(validTraining().model(new ModelInput("llama-3-8b", 8L, null, null, null, null, null, null))))
                .containsExactly("model");
    }

    @Test
    void explicit_model_requires_parameters_layers_hidden_and_heads() {
        assertThat(fields(explicit(null, null, null, null, null, null, null)))
                .containsExactlyInAnyOrder("model.parameters", "model.layers", "model.hiddenSize", "model.attentionHeads");
    }

    @Test
    void non_positive_parameters_are_rejected() {
        assertThat(fields(explicit(0L, 32, 4096, 32, null, null, null))).containsExactly("model.parameters");
    }

    @Test
    void absurd_parameter_count_is_rejected() {
        assertThat(fields(explicit(10_000_000_000_001L, 32, 4096, 32, null, null, null)))
                .containsExactly("model.parameters");
        assertThat(errors(explicit(10_000_000_000_000L, 32, 4096, 32, null, null, null))).isEmpty();
    }

    @Test
    void non_positive_layers_and_hidden_size_are_rejected() {
        assertThat(fields(explicit(7L, 0, -1, 32, null, null, null)))
                .containsExactlyInAnyOrder("model.layers", "model.hiddenSize");
    }

    @Test
    void heads_must_divide_hidden_size() {
        assertThat(errors(explicit(7_000_000_000L, 32, 4096, 30, null, null, null))).singleElement()
                .satisfies(e -> {
                    assertThat(e.field()).isEqualTo("model.attentionHeads");
                    assertThat(e.code()).isEqualTo("mustDivideHidden");
                });
    }

    @Test
    void kv_heads_must_be_positive_and_divide_attention_heads() {
        assertThat(fields(explicit(7_000_000_000L, 32, 4096, 32, 0, null, null))).containsExactly("model.kvHeads");
        assertThat(fields(explicit(7_000_000_000L, 32, 4096, 32, 6, null, null))).containsExactly("model.kvHeads");
    }

    @Test
    void vocab_size_and_largest_layer_must_be_positive() {
        assertThat(fields(explicit(7_000_000_000L, 32, 4096, 32, null, 0, 0L)))
                .containsExactlyInAnyOrder("model.vocabSize", "model.largestLayerParameters");
    }

    @Test
    void largest_layer_cannot_exceed_parameters() {
        assertThat(fields(explicit(1000L, 2, 64, 2, null, null, 1001L))).containsExactly("model.largestLayerParameters");
    }

    @Test
    void precision_is_required_for_model_workloads() {
        assertThat(fields(validTraining().precision(null))).containsExactly("precision");
    }

    @Test
    void quantized_full_training_is_rejected() {
        for (Precision p : new Precision[] {Precision.INT8, Precision.INT4, Precision.FP8}) {
            assertThat(errors(validTraining().precision(p))).singleElement()
                    .satisfies(e -> {
                        assertThat(e.field()).isEqualTo("precision");
                        assertThat(e.code()).isEqualTo("quantizedTraining");
                    });
        }
        assertThat(errors(validTraining().workload(Workload.LORA_FINE_TUNING).precision(Precision.INT4))).isEmpty();
        assertThat(errors(validTraining().workload(Workload.INFERENCE).precision(Precision.INT4))).isEmpty();
    }

    @Test
    void params_offload_below_stage_3_is_rejected() {
        for (int stage = 0; stage < 3; stage++) {
            assertThat(errors(validTraining().zeroStage(stage).offload(Offload.OPTIMIZER_AND_PARAMS)))
                    .extracting(FieldError::field, FieldError::code)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("offload", "paramsNeedStage3"));
        }
        assertThat(errors(validTraining().zeroStage(3).offload(Offload.OPTIMIZER_AND_PARAMS))).isEmpty();
    }

    @Test
    void optimizer_offload_at_stage_0_is_rejected() {
        assertThat(errors(validTraining().zeroStage(0).offload(Offload.OPTIMIZER)))
                .extracting(FieldError::code).containsExactly("optimizerNeedsStage1");
        assertThat(errors(validTraining().offload(Offload.OPTIMIZER))).extracting(FieldError::field)
                .containsExactly("offload");
        assertThat(errors(validTraining().zeroStage(1).offload(Offload.OPTIMIZER))).isEmpty();
    }

    @Test
    void zero_stage_must_be_0_to_3() {
        assertThat(fields(validTraining().zeroStage(4))).containsExactly("zeroStage");
        assertThat(fields(validTraining().zeroStage(-1))).containsExactly("zeroStage");
    }

    @Test
    void gpu_count_must_be_1_to_4096() {
        assertThat(fields(validTraining().gpuCount(0))).containsExactly("gpuCount");
        assertThat(fields(validTraining().gpuCount(4097))).containsExactly("gpuCount");
        assertThat(errors(validTraining().gpuCount(4096))).isEmpty();
    }

    @Test
    void gpus_per_node_must_be_positive() {
        assertThat(fields(validTraining().gpusPerNode(0))).containsExactly("gpusPerNode");
    }

    @Test
    void micro_batch_size_must_be_positive() {
        assertThat(fields(validTraining().microBatchSize(0))).containsExactly("microBatchSize");
    }

    @Test
    void sequence_length_is_required_positive_and_at_most_2_pow_20() {
        assertThat(fields(validTraining().sequenceLength(null))).containsExactly("sequenceLength");
        assertThat(fields(validTraining().sequenceLength(0))).containsExactly("sequenceLength");
        assertThat(fields(validTraining().sequenceLength((1 << 20) + 1))).containsExactly("sequenceLength");
        assertThat(errors(validTraining().sequenceLength(1 << 20))).isEmpty();
    }

    @Test
    void lora_rank_must_be_positive_and_not_exceed_hidden_size() {
        SizingInput.Builder lora = validTraining().workload(Workload.LORA_FINE_TUNING);
        assertThat(fields(lora.loraRank(0))).containsExactly("loraRank");
        assertThat(fields(lora.loraRank(4097))).containsExactly("loraRank");
    }

    @Test
    void dataset_size_must_be_positive() {
        assertThat(fields(validTraining().dataset(DatasetInput.cached(0)))).containsExactly("dataset.sizeGiB");
        assertThat(fields(validTraining().dataset(new DatasetInput(null, true)))).containsExactly("dataset.sizeGiB");
        assertThat(fields(validTraining().dataset(DatasetInput.cached(Double.NaN)))).containsExactly("dataset.sizeGiB");
    }

    @Test
    void dataloader_workers_must_not_be_negative() {
        assertThat(fields(validTraining().dataloaderWorkersPerGpu(-1))).containsExactly("dataloaderWorkersPerGpu");
        assertThat(errors(validTraining().dataloaderWorkersPerGpu(0))).isEmpty();
    }

    @Test
    void general_compute_needs_positive_working_sets() {
        assertThat(fields(SizingInput.builder(Workload.GENERAL_COMPUTE)))
                .containsExactlyInAnyOrder("gpuWorkingSetGiB", "hostWorkingSetGiB");
        assertThat(fields(Inputs.general(-1, Double.POSITIVE_INFINITY)))
                .containsExactlyInAnyOrder("gpuWorkingSetGiB", "hostWorkingSetGiB");
    }

    @Test
    void recommender_rejects_bad_hours_and_max_candidates_together_with_sizing_errors() {
        SizingInput bad = validTraining().zeroStage(9).build();
        assertThatThrownBy(() -> Recommender.recommend(bad, List.of(), BigDecimal.ZERO, 0, RatioPolicy.defaults()))
                .isInstanceOfSatisfying(SizingValidationException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field)
                        .containsExactlyInAnyOrder("zeroStage", "hoursPerMonth", "maxCandidates"));
    }

    @Test
    void recommender_accepts_absent_gpu_count() {
        assertThat(Recommender.recommend(validTraining().build(), List.of(), RatioPolicy.defaults()).candidates())
                .isEmpty();
    }
}
