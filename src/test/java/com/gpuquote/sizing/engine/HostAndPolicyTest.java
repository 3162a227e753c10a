package com.gpuquote.sizing.engine;

import static com.gpuquote.sizing.engine.Inputs.GIB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Project-policy terms (LoRA, host RAM, dataloader, OS reserve, bands) against hand-computed cases. */
class HostAndPolicyTest {

    private static final double LLAMA3_8B = 8_030_261_248.0;

    // ---------------------------------------------------------------- LoRA

    @Test
    void lora_trainable_parameters_cover_all_linear_layers_by_default_or_attention_only() {
        // issue 13: adapters on q, k, v, o, gate, up, down; r·(d_in + d_out) each.
        // llama-3-8b, r 16: 32 · 16 · [(4096+4096) + 2·(4096+1024) + (4096+4096) + 3·(4096+14336)] = 41,943,040
        SizingResult r = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(2048).build());
        assertThat(r.trainableParameters()).isEqualTo(41_943_040L);
        // attention only (engine v1's accounting): 32 · 16 · (6 · 4096 + 2 · 8 · 128) = 13,631,488
        SizingResult att = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(2048).loraTargets(LoraTargets.ATTENTION).build());
        assertThat(att.trainableParameters()).isEqualTo(13_631_488L);
        SizingResult r8 = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(2048).loraRank(8).loraTargets(LoraTargets.ATTENTION).build());
        assertThat(r8.trainableParameters()).isEqualTo(13_631_488L / 2);
    }

    @Test
    void explicit_model_without_intermediate_size_falls_back_to_attention_adapters_with_a_note() {
        ModelInput m = ModelInput.explicit(8_030_261_248L, 32, 4096, 32, 8, 128256, null);
        SizingResult r = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).model(m)
                .precision(Precision.BF16).sequenceLength(2048).build());
        assertThat(r.trainableParameters()).isEqualTo(13_631_488L);
        assertThat(r.notes()).extracting(Note::code).contains(NoteCodes.LORA_ATTENTION_ONLY);
        assertThat(SizingEngine.validate(SizingInput.builder(Workload.LORA_FINE_TUNING).model(m)
                .precision(Precision.BF16).sequenceLength(2048).loraTargets(LoraTargets.ALL_LINEAR).build()))
                .extracting(FieldError::field).containsExactly("model.intermediateSize");
        SizingResult withI = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING)
                .model(m.withIntermediateSize(14336, false)).precision(Precision.BF16).sequenceLength(2048).build());
        assertThat(withI.trainableParameters()).isEqualTo(41_943_040L);
    }

    @Test
    void lora_per_gpu_terms_hand_computed_for_llama3_8b() {
        SizingResult r = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(2048).build());
        SizingResult.PerGpu g = r.perGpu();
        double t = 41_943_040;
        assertThat(g.weightsGiB()).isCloseTo((2 * LLAMA3_8B + 2 * t) / GIB, within(1e-9)); // frozen 2P + adapters 2T
        assertThat(g.gradientsGiB()).isCloseTo(4 * t / GIB, within(1e-12));            // FP32 gradients (AMP)
        assertThat(g.optimizerStatesGiB()).isCloseTo(12 * t / GIB, within(1e-12));     // master + two moments
        // FlashAttention, per token and layer: norms 12h + attention 2h + 4h (Q) + 4·1024 (K, V) + 4h (O) + 4·32
        // (LSE) + MLP 2h + 8I = 200,832 bytes; × 32 layers × 2048 tokens
        assertThat(g.activationsGiB()).isCloseTo(32.0 * 2048 * 200_832 / GIB, within(1e-9));
        // transformers' loss: 16-bit logits, FP32 up-cast, shifted copy, FP32 log-softmax, FP32 gradient: 2+4+4+4+4
        assertThat(g.logitsGiB()).isCloseTo(2048.0 * 128_256 * 18 / GIB, within(1e-9));
        assertThat(g.recomputeGiB()).isZero();
        assertThat(g.overheadGiB()).isEqualTo(1.0);
        assertThat(g.totalGiB()).isCloseTo(g.weightsGiB() + g.gradientsGiB() + g.optimizerStatesGiB()
                + g.activationsGiB() + g.logitsGiB() + 1.0, within(1e-9));
    }

    @Test
    void lora_on_a_4_bit_base_is_sized_as_peft_prepares_it() {
        SizingResult r = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-70b")
                .precision(Precision.INT4).sequenceLength(1024).build());
        // T = 80 · 16 · [2·8192·2 + 2·(8192+1024) + 3·(8192+28672)] = 207,093,760
        assertThat(r.trainableParameters()).isEqualTo(207_093_760L);
        // INT4 on a LoRA base is NF4 (4.5 bits per weight); prepare_model_for_kbit_training casts the embedding and
        // LM head (2 · 128256 · 8192) to FP32, and PEFT keeps the adapters in FP32: 4-byte weights and gradients,
        // AdamW's two FP32 moments and no master copy
        double embeddings = 2.0 * 128_256 * 8192;
        double base = embeddings * 4 + (70_553_706_496.0 - embeddings) * 4.5 / 8;
        assertThat(r.perGpu().weightsGiB()).isCloseTo((base + 4 * 207_093_760.0) / GIB, within(1e-9));
        assertThat(r.perGpu().gradientsGiB()).isCloseTo(4.0 * 207_093_760 / GIB, within(1e-12));
        assertThat(r.perGpu().optimizerStatesGiB()).isCloseTo(8.0 * 207_093_760 / GIB, within(1e-12));
        assertThat(r.notes()).extracting(Note::code).contains(NoteCodes.QUANTIZED_LORA_BASE, NoteCodes.KBIT_PREPARED);
        // an explicit training mode is taken as given: adapters in 16-bit mixed precision, embeddings 16-bit
        SizingResult amp = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-70b")
                .precision(Precision.INT4).trainingMode(TrainingMode.AMP).sequenceLength(1024).build());
        double base16 = embeddings * 2 + (70_553_706_496.0 - embeddings) * 4.5 / 8;
        assertThat(amp.perGpu().weightsGiB()).isCloseTo((base16 + 2 * 207_093_760.0) / GIB, within(1e-9));
        assertThat(amp.perGpu().optimizerStatesGiB()).isCloseTo(12.0 * 207_093_760 / GIB, within(1e-12));
        SizingResult dq = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-70b")
                .precision(Precision.BF16).quantization(Quantization.NF4_DOUBLE_QUANT).sequenceLength(1024).build());
        double dqBase = embeddings * 4 + (70_553_706_496.0 - embeddings) * (4 + 8.0 / 64 + 32.0 / (64 * 256)) / 8;
        assertThat(dq.perGpu().weightsGiB()).isCloseTo((dqBase + 4 * 207_093_760.0) / GIB, within(1e-9));
    }

    @Test
    void lora_zero3_divides_frozen_base_and_adapters() {
        double t = 41_943_040;
        SizingResult r = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(2048).gpuCount(4).zeroStage(3).build());
        assertThat(r.perGpu().weightsGiB()).isCloseTo((2 * LLAMA3_8B + 2 * t) / 4 / GIB, within(1e-9));
        assertThat(r.perGpu().buffersGiB()).isCloseTo(4.0 * 128256 * 4096 / GIB, within(1e-12));
        // host offload with params: adapters 18 · 1.5 · T (DeepSpeed's buffers) plus the frozen base P · b once, per
        // node (the frozen base has no optimizer, so no buffer factor)
        SizingResult off = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(2048).gpuCount(4).zeroStage(3)
                .offload(Offload.OPTIMIZER_AND_PARAMS).build());
        assertThat(off.host().offloadGiB()).isCloseTo((t * 18 * 1.5 + LLAMA3_8B * 2) / GIB, within(1e-9));
        // DeepSpeed's pinned parameter buffers: 5 × 1e8 × 2 bytes per GPU process
        assertThat(off.host().pinnedBuffersGiB()).isCloseTo(4 * 1e9 / GIB, within(1e-9));
        assertThat(off.perGpu().weightsGiB()).isZero();
    }

    @Test
    void loading_keeps_one_checkpoint_per_node_in_the_page_cache_and_one_layer_per_process() {
        // issue 13: memory-mapped safetensors, one copy per node; each process materialises one layer in FP32
        // (zero.Init / meta-device loading): LL · 4 · G · 1.5 = 128,256 · 4096 · 4 · 4 · 1.5 B
        SizingResult bf16 = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(2048).gpuCount(4).build());
        assertThat(bf16.host().checkpointCacheGiB()).isCloseTo(LLAMA3_8B * 2 / GIB, within(1e-9));
        assertThat(bf16.host().modelLoadingGiB()).isCloseTo(128_256.0 * 4096 * 4 * 4 * 1.5 / GIB, within(1e-9));
        assertThat(bf16.host().offloadGiB()).isZero();
        // a QLoRA (NF4) base is quantised while loading: the page cache holds the 16-bit checkpoint
        SizingResult nf4 = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.INT4).sequenceLength(2048).gpuCount(2).build());
        assertThat(nf4.host().checkpointCacheGiB()).isCloseTo(LLAMA3_8B * 2 / GIB, within(1e-9));
        // an AWQ checkpoint is stored quantised: embeddings 16-bit, the rest 4.15625 bits
        SizingResult awq = SizingEngine.size(Inputs.inference("llama-3-8b", Precision.BF16, 4096)
                .quantization(Quantization.AWQ_INT4).build());
        double emb = 2.0 * 128_256 * 4096;
        assertThat(awq.host().checkpointCacheGiB())
                .isCloseTo((emb * 2 + (LLAMA3_8B - emb) * 4.15625 / 8) / GIB, within(1e-9));
    }

    @Test
    void lora_zero3_without_offload_loads_only_the_largest_layer() {
        // stage 3: LL · 4 · G · 1.5 = (128,256 · 4096) · 4 · 4 · 1.5 = 12,608,077,824 B = 11.7421875 GiB
        SizingResult r = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(2048).gpuCount(4).zeroStage(3).build());
        assertThat(r.host().modelLoadingGiB()).isCloseTo(11.7421875, within(1e-9));
        assertThat(r.host().offloadGiB()).isZero();
    }

    @Test
    void optimizer_and_params_offload_is_divided_across_nodes() {
        // LoRA, 16 GPUs, 8 per node → 2 nodes; adapters T = 41,943,040 (r 16, all linear), frozen base P · b, b = 2:
        // (T · 18 · 1.5 + P · 2) / 2 per node (half of the one-node figure)
        double t = 41_943_040;
        SizingResult lora = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(2048).gpuCount(16).gpusPerNode(8).zeroStage(3)
                .offload(Offload.OPTIMIZER_AND_PARAMS).build());
        assertThat(lora.nodes()).isEqualTo(2);
        assertThat(lora.host().offloadGiB()).isCloseTo((t * 27 + LLAMA3_8B * 2) / 2 / GIB, within(1e-9));
        assertThat(lora.host().modelLoadingGiB()).isZero();
        // full training, same layout: Pt · 18 · 1.5 / 2 = 8,030,261,248 · 27 / 2 = 108,408,526,848 B
        // = 100.96330833435059 GiB per node
        SizingResult full = SizingEngine.size(Inputs.training(ModelInput.preset("llama-3-8b"), Precision.BF16, 2048)
                .gpuCount(16).gpusPerNode(8).zeroStage(3).offload(Offload.OPTIMIZER_AND_PARAMS).build());
        assertThat(full.host().offloadGiB()).isCloseTo(100.96330833435059, within(1e-9));
        // 4 nodes of 4 GPUs each hold a quarter
        SizingResult four = SizingEngine.size(Inputs.training(ModelInput.preset("llama-3-8b"), Precision.BF16, 2048)
                .gpuCount(16).gpusPerNode(4).zeroStage(3).offload(Offload.OPTIMIZER_AND_PARAMS).build());
        assertThat(four.host().offloadGiB()).isCloseTo(100.96330833435059 / 2, within(1e-9));
    }

    // ---------------------------------------------------------------- host RAM terms

    @Test
    void training_host_terms_loading_dataloader_dataset_and_os_reserve() {
        // llama-2-7b, N 8 on one node, ZeRO-2, 100 GiB data set cached, 4 workers per GPU
        SizingResult r = SizingEngine.size(Inputs.training(ModelInput.preset("llama-2-7b"), Precision.BF16, 4096)
                .gpuCount(8).zeroStage(2).dataset(DatasetInput.cached(100)).build());
        SizingResult.Host h = r.host();
        // one layer (the 32,000 × 4096 embedding) in FP32 per process: 131,072,000 · 4 · 8 · 1.5 B = 5.859375 GiB
        assertThat(h.modelLoadingGiB()).isCloseTo(5.859375, within(1e-9));
        assertThat(h.checkpointCacheGiB()).isCloseTo(6_738_415_616.0 * 2 / GIB, within(1e-9)); // one copy per node
        assertThat(h.dataloaderGiB()).isEqualTo(16.0);                                        // 8 · 4 · 0.5
        assertThat(h.datasetCacheGiB()).isEqualTo(100.0);
        assertThat(h.osReserveGiB()).isEqualTo(8.0);
        assertThat(h.offloadGiB()).isZero();
        assertThat(h.totalGiB()).isCloseTo(5.859375 + 6_738_415_616.0 * 2 / GIB + 16 + 100 + 8, within(1e-9));
        assertThat(r.nodes()).isEqualTo(1);
    }

    @Test
    void streamed_dataset_and_zero_workers_add_nothing() {
        SizingResult r = SizingEngine.size(Inputs.training(ModelInput.preset("llama-2-7b"), Precision.BF16, 4096)
                .gpuCount(8).dataset(DatasetInput.streamed(100)).dataloaderWorkersPerGpu(0).build());
        assertThat(r.host().datasetCacheGiB()).isZero();
        assertThat(r.host().dataloaderGiB()).isZero();
    }

    @Test
    void zero3_without_offload_loads_only_the_largest_layer_per_process() {
        SizingResult r = SizingEngine.size(Inputs.training(ModelInput.preset("llama-3-8b"), Precision.BF16, 4096)
                .gpuCount(16).gpusPerNode(8).zeroStage(3).build());
        assertThat(r.host().modelLoadingGiB()).isCloseTo(128256.0 * 4096 * 4 * 8 * 1.5 / GIB, within(1e-9));
        assertThat(r.nodes()).isEqualTo(2);
        assertThat(r.host().dataloaderGiB()).isEqualTo(8 * 4 * 0.5);
    }

    @Test
    void inference_loads_the_model_once_per_node_in_its_precision_and_has_no_dataloader() {
        SizingResult r = SizingEngine.size(Inputs.inference("llama-3-8b", Precision.BF16, 8192).build());
        assertThat(r.host().checkpointCacheGiB()).isCloseTo(LLAMA3_8B * 2 / GIB, within(1e-9));
        assertThat(r.host().modelLoadingGiB()).isZero();
        assertThat(r.host().dataloaderGiB()).isZero();
        assertThat(r.host().swapSpaceGiB()).isEqualTo(4.0); // vLLM swap_space default, per GPU
        assertThat(r.host().totalGiB()).isCloseTo(LLAMA3_8B * 2 / GIB + 4 + 8, within(1e-9));
        SizingResult tp4 = SizingEngine.size(Inputs.inference("llama-3-8b", Precision.BF16, 8192).gpuCount(4)
                .swapSpaceGiB(0.0).kvCpuOffloadGiB(10.0).build());
        assertThat(tp4.host().swapSpaceGiB()).isZero();
        assertThat(tp4.host().kvCpuOffloadGiB()).isEqualTo(40.0);
        SizingResult hf = SizingEngine.size(Inputs.inference("llama-3-8b", Precision.BF16, 8192)
                .servingEngine(ServingEngine.HF_GENERATE).build());
        assertThat(hf.host().swapSpaceGiB()).isZero();
    }

    @Test
    void nodes_are_ceil_of_gpus_over_gpus_per_node_and_gpus_per_node_defaults_to_min_n_8() {
        SizingInput.Builder b = Inputs.training(ModelInput.preset("llama-2-7b"), Precision.BF16, 1024);
        assertThat(SizingEngine.size(b.gpuCount(20).build()).nodes()).isEqualTo(3);
        assertThat(SizingEngine.size(b.gpuCount(20).build()).gpusPerNode()).isEqualTo(8);
        assertThat(SizingEngine.size(b.gpuCount(20).gpusPerNode(4).build()).nodes()).isEqualTo(5);
        assertThat(SizingEngine.size(b.gpuCount(3).gpusPerNode(8).build()).gpusPerNode()).isEqualTo(3);
        assertThat(SizingEngine.size(b.gpuCount(3).gpusPerNode(null).build()).nodes()).isEqualTo(1);
    }

    // ---------------------------------------------------------------- general compute and band minimum

    @Test
    void general_compute_uses_working_sets_plus_overhead_and_os_reserve() {
        SizingResult r = SizingEngine.size(Inputs.general(20, 100).build());
        assertThat(r.perGpu().workingSetGiB()).isEqualTo(20.0);
        assertThat(r.perGpu().totalGiB()).isEqualTo(21.0);
        assertThat(r.host().workingSetGiB()).isEqualTo(100.0);
        assertThat(r.host().totalGiB()).isEqualTo(108.0);
        assertThat(r.recommendedHostRamGiB()).isEqualTo(108.0); // band minimum 2 · 21 = 42 < 108
    }

    @Test
    void recommended_host_ram_is_raised_to_band_minimum_times_vram_per_node() {
        // 8 GPUs × 71 GiB = 568 GiB VRAM per node; band 1:2 → 1,136 GiB; host terms only 18 GiB
        SizingResult r = SizingEngine.size(Inputs.general(70, 10).gpuCount(8).build());
        assertThat(r.host().totalGiB()).isEqualTo(18.0);
        assertThat(r.ratioBand()).isEqualTo(new RatioBand(2, 4));
        assertThat(r.recommendedHostRamGiB()).isEqualTo(1136.0);
        assertThat(r.notes()).extracting(Note::code).containsExactly(NoteCodes.HOST_RAM_RAISED_TO_BAND);
        assertThat(r.notes().get(0).message()).contains("18", "1136", "1:2", "568");
        SizingResult cpu = SizingEngine.size(Inputs.general(70, 10).gpuCount(8).cpuIntensive(true).build());
        assertThat(cpu.ratioBand()).isEqualTo(new RatioBand(4, 8));
        assertThat(cpu.recommendedHostRamGiB()).isEqualTo(2272.0);
    }

    @Test
    void inference_band_minimum_is_one_times_vram() {
        SizingResult r = SizingEngine.size(Inputs.inference("llama-3-8b", Precision.BF16, 131072).microBatchSize(8)
                .build());
        // kv 128 GiB, weights 14.96 GiB: VRAM need ≈ 146.9 GiB far above host terms ≈ 23 GiB
        assertThat(r.ratioBand()).isEqualTo(new RatioBand(1, 2));
        assertThat(r.recommendedHostRamGiB()).isCloseTo(r.perGpu().totalGiB(), within(1e-9));
    }

    // ---------------------------------------------------------------- ratio policy

    @Test
    void default_bands_per_workload() {
        RatioPolicy p = RatioPolicy.defaults();
        assertThat(p.band(Workload.TRAINING)).isEqualTo(new RatioBand(2, 4));
        assertThat(p.band(Workload.LORA_FINE_TUNING)).isEqualTo(new RatioBand(2, 4));
        assertThat(p.band(Workload.INFERENCE)).isEqualTo(new RatioBand(1, 2));
        assertThat(p.band(Workload.GENERAL_COMPUTE)).isEqualTo(new RatioBand(2, 4));
        assertThat(p.bandFor(Workload.GENERAL_COMPUTE, true)).isEqualTo(new RatioBand(4, 8));
        assertThat(p.bandFor(Workload.TRAINING, true)).isEqualTo(new RatioBand(2, 4));
        assertThat(p.usableVramFraction()).isEqualTo(0.90);
    }

    @Test
    void band_status_is_inclusive_at_both_ends() {
        RatioBand b = new RatioBand(2, 4);
        assertThat(b.status(48.0 / 24)).isEqualTo(RatioStatus.WITHIN);
        assertThat(b.status(96.0 / 24)).isEqualTo(RatioStatus.WITHIN);
        assertThat(b.status(1.99)).isEqualTo(RatioStatus.BELOW);
        assertThat(b.status(4.01)).isEqualTo(RatioStatus.ABOVE);
        assertThatThrownBy(() -> new RatioBand(3, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RatioBand(0, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tenant_policy_changes_bands_and_the_engine_uses_them() {
        RatioPolicy p = RatioPolicy.defaults().withBand(Workload.GENERAL_COMPUTE, new RatioBand(3, 6));
        assertThat(RatioPolicy.defaults().band(Workload.GENERAL_COMPUTE)).isEqualTo(new RatioBand(2, 4));
        SizingResult r = SizingEngine.size(Inputs.general(70, 10).gpuCount(8).build(), p);
        assertThat(r.recommendedHostRamGiB()).isEqualTo(3 * 568.0);
        assertThatThrownBy(() -> p.withUsableVramFraction(1.2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void with_defaults_fills_every_documented_default() {
        SizingInput d = SizingInput.builder(Workload.INFERENCE).preset("llama-3-8b").precision(Precision.INT4)
                .gpuCount(16).sequenceLength(10).build().withDefaults();
        assertThat(d.kvCachePrecision()).isEqualTo(Precision.BF16);
        assertThat(d.gpusPerNode()).isEqualTo(8);
        assertThat(d.microBatchSize()).isEqualTo(1);
        assertThat(d.optimizer()).isEqualTo(Optimizer.ADAMW);
        assertThat(d.zeroStage()).isZero();
        assertThat(d.offload()).isEqualTo(Offload.NONE);
        assertThat(d.activationRecompute()).isEqualTo(ActivationRecompute.NONE);
        assertThat(d.loraRank()).isEqualTo(16);
        assertThat(d.dataloaderWorkersPerGpu()).isEqualTo(4);
        assertThat(d.cpuIntensive()).isFalse();
        assertThat(d.trainingMode()).isEqualTo(TrainingMode.AMP);
        assertThat(d.attention()).isEqualTo(Attention.FLASH);
        assertThat(d.servingEngine()).isEqualTo(ServingEngine.VLLM);
        assertThat(d.gpuMemoryUtilization()).isEqualTo(0.9);
        assertThat(d.maxNumBatchedTokens()).isEqualTo(8192);
        assertThat(d.cudaGraphs()).isTrue();
        assertThat(d.quantization()).isEqualTo(Quantization.AWQ_INT4); // INT4 serving is read as AWQ
        assertThat(d.swapSpaceGiB()).isEqualTo(4.0);
        assertThat(d.kvCpuOffloadGiB()).isZero();
        assertThat(SizingInput.builder(Workload.INFERENCE).precision(Precision.FP16).build().withDefaults()
                .kvCachePrecision()).isEqualTo(Precision.FP16);
        assertThat(SizingInput.builder(Workload.INFERENCE).build().withDefaults().gpuCount()).isEqualTo(1);
    }

    @Test
    void zero_options_on_inference_are_ignored_with_a_note() {
        SizingResult plain = SizingEngine.size(Inputs.inference("llama-3-8b", Precision.BF16, 8192).build());
        SizingResult withZero = SizingEngine.size(Inputs.inference("llama-3-8b", Precision.BF16, 8192)
                .zeroStage(3).offload(Offload.OPTIMIZER).build());
        assertThat(withZero.perGpu()).isEqualTo(plain.perGpu());
        assertThat(withZero.notes()).extracting(Note::code).contains(NoteCodes.ZERO_NOT_APPLICABLE);
        assertThat(withZero.notes()).filteredOn(n -> n.code().equals(NoteCodes.ZERO_NOT_APPLICABLE))
                .first().extracting(Note::messageKey).isEqualTo("sizing.note.ZERO_NOT_APPLICABLE");
    }
}
