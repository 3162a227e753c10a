package com.gpuquote.sizing.engine;

import com.gpuquote.sizing.engine.SizingValidationTest.Area;
import com.gpuquote.sizing.engine.SizingValidationTest.Case;
import com.gpuquote.sizing.engine.SizingValidationTest.Kind;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Published measurements from sources the engine had not been checked against before the per-term model of logits,
 * ZeRO buckets, PEFT's QLoRA set-up, the HF generate prefill family and host loading: the Qwen (1) README's
 * fine-tuning profile and the GLM-4 basic_demo inference table. {@link #HELD_OUT} were chosen before any engine
 * figure was computed for them and are never used to set a constant; the others set the GLM prefill factor.
 */
final class FurtherMeasurements {

    /** The held-out third: compared, never fitted on. */
    static final Set<String> HELD_OUT = Set.of("W4", "W6", "W9", "W11", "W13", "W16", "W18", "L6", "L7");

    /** Cases whose engine figure lands in another memory class, and why (the bound is not met on them). */
    static final Map<String, String> KNOWN_CLASS_MISSES = new TreeMap<>(Map.of(
            "W4", "held out, +14 % (16 GB published, 24 GB engine), errs high: the README's Q-LoRA rows grow by"
                    + " 1.2 MB per token of sequence up to 4,096 tokens and 1.4 MB above, its LoRA rows by up to 2.5 MB;"
                    + " the engine counts 1.7 MB for both (16-bit logits at 10 bytes, checkpoints, one recomputed"
                    + " layer). The slope is not fitted on a held-out row",
            "W11", "held out, +10 % (24 / 32 GB), errs high: as W4, the Q-LoRA slope over sequence length",
            "W15", "fit, -7 % (80 / 48 GB), within 15 % and not past the class bound's -15 %: 50.2 GiB published sits"
                    + " just above the 48 GB class. Counted: the frozen base (33.7 GiB), ZeRO-3's gather buffers"
                    + " (4.6 GiB), live and prefetched parameters and the reduce bucket (2.9 GiB), adapter states, the"
                    + " optimizer step. Not explained: 3.7 GiB (per-GPU NCCL communicators and the rank-0 share of the"
                    + " published sum are candidates; no source gives their size, so nothing is added for them)",
            "L7", "held out, +5 % (16 / 24 GB), errs high: 15.7 GiB published sits just below the 16 GB class"));

    static final String QWEN1 = "Qwen (1) README, Profiling of Memory and Speed (github.com/QwenLM/Qwen, finetune.py"
            + " defaults: LoRA r 64 on c_attn, c_proj, w1, w2; batch 1; gradient checkpointing; FlashAttention 2)";
    static final String GLM4 = "THUDM GLM-4 basic_demo/README_en.md, inference stress test"
            + " (github.com/THUDM/GLM-4, transformers backend, 1× A100-SXM4-80GB)";
    static final String QWEN_G = "memory (GB), peak per GPU";
    static final String GLM_PEAK = "GPU memory, MiB (peak)";

    /** Qwen/Qwen-1_8B: 24 layers, h 2048, 16 heads (MHA), MLP 5504 (config 11008 / 2), vocab 151936, untied. */
    static final ModelInput QWEN1_1_8B = ModelInput.explicit(1_836_828_672L, 24, 2048, 16, null, 151936, null)
            .withIntermediateSize(5504, false);
    /** Qwen/Qwen-7B: 32 layers, h 4096, 32 heads, MLP 11008, vocab 151936. */
    static final ModelInput QWEN1_7B = SizingValidationTest.QWEN1_7B;
    /** Qwen/Qwen-14B: 40 layers, h 5120, 40 heads, MLP 13696 (config 27392 / 2), vocab 152064. */
    static final ModelInput QWEN1_14B = ModelInput.explicit(14_167_290_880L, 40, 5120, 40, null, 152064, null)
            .withIntermediateSize(13696, false);
    /** Qwen/Qwen-72B: 80 layers, h 8192, 64 heads, MLP 24576 (config 49152 / 2), vocab 152064. */
    static final ModelInput QWEN1_72B = ModelInput.explicit(72_287_920_128L, 80, 8192, 64, null, 152064, null)
            .withIntermediateSize(24576, false);

    private FurtherMeasurements() {
    }

    /** Qwen (1) finetune.py LoRA on one A100: HF Trainer + PEFT, the remote-code loss on 16-bit logits. */
    static SizingInput.Builder qwenLora(ModelInput model, int seq) {
        return SizingInput.builder(Workload.LORA_FINE_TUNING).model(model).precision(Precision.BF16)
                .sequenceLength(seq).microBatchSize(1).loraRank(64).loraTargets(LoraTargets.ALL_LINEAR)
                .activationRecompute(ActivationRecompute.FULL).framework(Framework.HF_TRAINER_PEFT)
                .lossImplementation(LossImplementation.SIXTEEN_BIT).dataloaderWorkersPerGpu(0);
    }

    /** Q-LoRA in the Qwen README: the GPTQ Int4 chat checkpoints (Qwen-*-Chat-Int4) as the frozen base. */
    static SizingInput.Builder qwenQlora(ModelInput model, int seq) {
        return qwenLora(model, seq).quantization(Quantization.GPTQ_INT4);
    }

    static SizingInput.Builder glm(int prompt) {
        return SizingInput.builder(Workload.INFERENCE).preset("glm-4-9b").precision(Precision.BF16)
                .sequenceLength(prompt).servingEngine(ServingEngine.HF_GENERATE);
    }

    static double gb(double v) {
        return SizingValidationTest.gb(v);
    }

    static double mib(double v) {
        return v / 1024;
    }

    static List<Case> cases() {
        Set<Area> lora = EnumSet.of(Area.LORA);
        Set<Area> qlora = EnumSet.of(Area.QLORA);
        Set<Area> full = EnumSet.of(Area.FULL_TRAINING);
        Set<Area> hf = EnumSet.of(Area.HF_GENERATE);
        Kind m = Kind.MEASUREMENT;
        String one = "1× A100-SXM4-80G";
        return List.of(
                new Case("W1", m, lora, QWEN1, "Qwen-1.8B", "LoRA r64", "BF16", one, "256", "1", QWEN_G, "6.7G", gb(6.7),
                        qwenLora(QWEN1_1_8B, 256).build(), SizingValidationTest::device),
                new Case("W2", m, lora, QWEN1, "Qwen-1.8B", "LoRA r64", "BF16", one, "8192", "1", QWEN_G, "21.8G",
                        gb(21.8), qwenLora(QWEN1_1_8B, 8192).build(), SizingValidationTest::device),
                new Case("W3", m, qlora, QWEN1, "Qwen-1.8B-Chat-Int4", "Q-LoRA r64", "GPTQ Int4 base", one, "256", "1",
                        QWEN_G, "5.8G", gb(5.8), qwenQlora(QWEN1_1_8B, 256).build(), SizingValidationTest::device),
                new Case("W4", m, qlora, QWEN1, "Qwen-1.8B-Chat-Int4", "Q-LoRA r64", "GPTQ Int4 base", one, "8192",
                        "1", QWEN_G, "15.8G", gb(15.8), qwenQlora(QWEN1_1_8B, 8192).build(),
                        SizingValidationTest::device),
                new Case("W5", m, full, QWEN1 + "; finetune_ds.sh, ds_config_zero2.json", "Qwen-1.8B",
                        "full, AdamW, ZeRO-2", "BF16", one, "256", "1", QWEN_G, "43.5G", gb(43.5),
                        qwenFull(256), SizingValidationTest::device),
                new Case("W6", m, full, QWEN1 + "; finetune_ds.sh, ds_config_zero2.json", "Qwen-1.8B",
                        "full, AdamW, ZeRO-2", "BF16", one, "8192", "1", QWEN_G, "48.3G", gb(48.3),
                        qwenFull(8192), SizingValidationTest::device),
                new Case("W7", m, lora, QWEN1, "Qwen-7B", "LoRA r64", "BF16", one, "256", "1", QWEN_G, "20.1G", gb(20.1),
                        qwenLora(QWEN1_7B, 256).build(), SizingValidationTest::device),
                new Case("W8", m, lora, QWEN1, "Qwen-7B", "LoRA r64", "BF16", one, "4096", "1", QWEN_G, "29.7G", gb(29.7),
                        qwenLora(QWEN1_7B, 4096).build(), SizingValidationTest::device),
                new Case("W9", m, lora, QWEN1, "Qwen-7B", "LoRA r64", "BF16", one, "8192", "1", QWEN_G, "36.6G", gb(36.6),
                        qwenLora(QWEN1_7B, 8192).build(), SizingValidationTest::device),
                new Case("W10", m, qlora, QWEN1, "Qwen-7B-Chat-Int4", "Q-LoRA r64", "GPTQ Int4 base", one, "256", "1",
                        QWEN_G, "11.5G", gb(11.5), qwenQlora(QWEN1_7B, 256).build(), SizingValidationTest::device),
                new Case("W11", m, qlora, QWEN1, "Qwen-7B-Chat-Int4", "Q-LoRA r64", "GPTQ Int4 base", one, "8192",
                        "1", QWEN_G, "23.5G", gb(23.5), qwenQlora(QWEN1_7B, 8192).build(), SizingValidationTest::device),
                new Case("W12", m, lora, QWEN1, "Qwen-14B", "LoRA r64", "BF16", one, "256", "1", QWEN_G, "34.6G",
                        gb(34.6), qwenLora(QWEN1_14B, 256).build(), SizingValidationTest::device),
                new Case("W13", m, lora, QWEN1, "Qwen-14B", "LoRA r64", "BF16", one, "8192", "1", QWEN_G, "55.2G",
                        gb(55.2), qwenLora(QWEN1_14B, 8192).build(), SizingValidationTest::device),
                new Case("W14", m, qlora, QWEN1, "Qwen-14B-Chat-Int4", "Q-LoRA r64", "GPTQ Int4 base", one, "1024",
                        "1", QWEN_G, "18.9G", gb(18.9), qwenQlora(QWEN1_14B, 1024).build(),
                        SizingValidationTest::device),
                new Case("W15", m, lora, QWEN1, "Qwen-72B", "LoRA r64, ZeRO-3", "BF16", "4× A100-SXM4-80G", "256",
                        "1", QWEN_G + ", sum of 4 GPUs / 4", "215.4G", gb(215.4 / 4),
                        qwenLora(QWEN1_72B, 256).gpuCount(4).zeroStage(3).framework(Framework.DEEPSPEED_ZERO3)
                                .build(), SizingValidationTest::device),
                new Case("W16", m, lora, QWEN1, "Qwen-72B", "LoRA r64, ZeRO-3", "BF16", "4× A100-SXM4-80G", "8192",
                        "1", QWEN_G + ", sum of 4 GPUs / 4", "289.2G", gb(289.2 / 4),
                        qwenLora(QWEN1_72B, 8192).gpuCount(4).zeroStage(3).framework(Framework.DEEPSPEED_ZERO3)
                                .build(), SizingValidationTest::device),
                new Case("W17", m, qlora, QWEN1, "Qwen-72B-Chat-Int4", "Q-LoRA r64", "GPTQ Int4 base", one, "256",
                        "1", QWEN_G, "61.4G", gb(61.4), qwenQlora(QWEN1_72B, 256).build(), SizingValidationTest::device),
                new Case("W18", m, qlora, QWEN1, "Qwen-72B-Chat-Int4", "Q-LoRA r64", "GPTQ Int4 base", one, "8192",
                        "1", QWEN_G, "75.6G", gb(75.6), qwenQlora(QWEN1_72B, 8192).build(),
                        SizingValidationTest::device),
                new Case("L1", m, hf, GLM4, "GLM-4-9B-Chat", "HF generate", "BF16", "1× A100 80GB", "1000", "1",
                        GLM_PEAK, "19047MiB", mib(19047), glm(1000).build(), SizingValidationTest::device),
                new Case("L2", m, hf, GLM4, "GLM-4-9B-Chat", "HF generate", "BF16", "1× A100 80GB", "8000", "1",
                        GLM_PEAK, "20629MiB", mib(20629), glm(8000).build(), SizingValidationTest::device),
                new Case("L3", m, hf, GLM4, "GLM-4-9B-Chat", "HF generate", "BF16", "1× A100 80GB", "32000", "1",
                        GLM_PEAK, "27779MiB", mib(27779), glm(32000).build(), SizingValidationTest::device),
                new Case("L4", m, hf, GLM4, "GLM-4-9B-Chat", "HF generate", "BF16", "1× A100 80GB", "128000", "1",
                        GLM_PEAK, "57379MiB", mib(57379), glm(128000).build(), SizingValidationTest::device),
                new Case("L5", m, hf, GLM4, "GLM-4-9B-Chat", "HF generate", "bitsandbytes 4-bit", "1× A100 80GB",
                        "1000", "1", GLM_PEAK, "8251MiB", mib(8251), glm(1000).quantization(Quantization.NF4).build(),
                        SizingValidationTest::device),
                new Case("L6", m, hf, GLM4, "GLM-4-9B-Chat", "HF generate", "bitsandbytes 4-bit", "1× A100 80GB",
                        "8000", "1", GLM_PEAK, "9613MiB", mib(9613), glm(8000).quantization(Quantization.NF4).build(),
                        SizingValidationTest::device),
                new Case("L7", m, hf, GLM4, "GLM-4-9B-Chat", "HF generate", "bitsandbytes 4-bit", "1× A100 80GB",
                        "32000", "1", GLM_PEAK, "16065MiB", mib(16065),
                        glm(32000).quantization(Quantization.NF4).build(), SizingValidationTest::device));
    }

    /** finetune_ds.sh: full fine-tune through DeepSpeed ZeRO-2 on one GPU, gradient checkpointing, the repo's config. */
    static SizingInput qwenFull(int seq) {
        return SizingInput.builder(Workload.TRAINING).model(QWEN1_1_8B).precision(Precision.BF16).sequenceLength(seq)
                .microBatchSize(1).activationRecompute(ActivationRecompute.FULL).framework(Framework.DEEPSPEED_ZERO2)
                .lossImplementation(LossImplementation.SIXTEEN_BIT).dataloaderWorkersPerGpu(0)
                // ds_config_zero2.json: allgather and reduce buckets of 2e8 elements, overlap_comm true
                .zeroBucketElements(2e8).zeroOverlapComm(true).build();
    }
}
