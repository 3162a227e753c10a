package com.gpuquote.sizing.engine;

/**
 * Vision and diffusion presets. Their activation memory per sample is taken from a published measurement (cited in
 * {@link ModelSpec.PerSample#source()} and docs/sizing-model.md) and scaled by batch and by (resolution / reference)²,
 * the number of pixels (CNN feature maps) or patches (ViT tokens, diffusion latents).
 */
final class VisionPresets {

    private VisionPresets() {
    }

    private static final double GIB = SizingEngine.GIB;

    /**
     * torchvision {@code vit_l_16} (304,326,632 parameters, 24 layers, hidden 1024, 16 heads, MLP 4096, 224 px =
     * 197 tokens: 14 × 14 patches and the class token). Per sample: S. Raschka, rasbt/pytorch-memory-optim, {@code 03-bfloat16.py} (Fabric
     * {@code bf16-true}, Adam, SDPA, batch 64, 224 px): "Memory used: 13.82 GB" ({@code max_memory_reserved}/1e9).
     * Minus the pure-BF16 states of the fine-tuned network (303,311,882 parameters with the 10-class head × 8 bytes =
     * 2,426,495,056 B), divided by 64: 178,023,515 B = 0.16580 GiB per image.
     */
    static final ModelPreset VIT_L_16 = new ModelPreset("vit-l-16", "ViT-L/16 (image classifier)", 304_326_632L,
            24, 1024, 16, 16, 0, 4096, false, true,
            "https://github.com/pytorch/vision/blob/main/torchvision/models/vision_transformer.py",
            "torchvision vit_l_16: 304,326,632 parameters (ViT_L_16_Weights.IMAGENET1K_V1 metadata)",
            ModelKind.VISION, 64, false, 0, 0, 0, 0, 0, 0, 304_326_632L,
            new ModelSpec.PerSample(224, (13.82e9 - 8.0 * 303_311_882L) / 64 / GIB, 304_326_632L,
                    24L * 4 * 2 * 1024,
                    "rasbt/pytorch-memory-optim 03-bfloat16.py: 13.82 GB max_memory_reserved, bf16-true, Adam, batch 64,"
                            + " 224 px; minus 8 B/param states, per image", 197));

    /**
     * torchvision {@code resnet50} (25,557,032 parameters). Per sample: OpenMMLab mmclassification
     * {@code configs/fp16/README.md} (commit 5635399), ResNet-50 ImageNet, mixed precision (FP16 model, FP32 master
     * copy), SGD with momentum, 32 images per GPU at 224 px: "Mem (GB) 1.9" ({@code max_memory_allocated}, GiB).
     * Minus the AMP states with SGD (2 + 4 + 4 + 4 = 14 bytes per parameter = 0.333 GiB), divided by 32:
     * 0.04896 GiB per image.
     */
    static final ModelPreset RESNET_50 = new ModelPreset("resnet-50", "ResNet-50 (image classifier)", 25_557_032L,
            0, 0, 0, 0, 0, 0, false, false,
            "https://github.com/pytorch/vision/blob/main/torchvision/models/resnet.py",
            "torchvision resnet50: 25,557,032 parameters (ResNet50_Weights.IMAGENET1K_V1 metadata)",
            ModelKind.VISION, 0, false, 0, 0, 0, 0, 0, 0, 25_557_032L,
            new ModelSpec.PerSample(224, (1.9 - 14.0 * 25_557_032L / GIB) / 32, 25_557_032L, 0,
                    "OpenMMLab mmclassification configs/fp16/README.md (commit 5635399): ResNet-50, FP16 mixed precision,"
                            + " SGD momentum, 32 images/GPU, 224 px, Mem 1.9 GiB (max_memory_allocated); minus 14 B/param"
                            + " states, per image", 0));

    /**
     * Stable Diffusion XL base 1.0: UNet 2,567,463,684 parameters (trained by a full fine-tune), CLIP ViT-L text
     * encoder 123,060,480, OpenCLIP bigG text encoder 694,659,840 and VAE 83,653,863 (frozen, 16-bit); 3,468,837,867
     * in all. LoRA (diffusers / PEFT on to_q, to_k, to_v, to_out of the UNet's 70 transformer blocks: 10 of width 640
     * and 60 of width 1280, cross-attention from 2048): per block r·(14·d + 4096), 1,451,520 parameters per rank.
     * Per sample: SimpleTuner README (bghira/SimpleTuner, "Hardware Requirements → SDXL 1.0", full UNet fine-tune at
     * 1024 px with precomputed latents and text embeddings): batch 10 "nearly saturate[s] a single 80G A100", batch 4
     * "can begin to make use of a 48G A6000": (80 − 48) GB over 6 images = 5.33 GB = 4.967 GiB per image. Two
     * capacity statements, not allocator readings: the weakest figure of the model (docs/sizing-validation.md).
     */
    static final ModelPreset SDXL = new ModelPreset("sdxl-base-1.0", "Stable Diffusion XL base 1.0 (diffusion)",
            3_468_837_867L, 0, 0, 0, 0, 0, 0, false, false,
            "https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0/blob/main/unet/config.json",
            "diffusers model cards: UNet 2,567,463,684 + text encoders 123,060,480 and 694,659,840 + VAE 83,653,863",
            ModelKind.DIFFUSION, 0, false, 0, 0, 0, 0, 0, 0, 3_468_837_867L,
            new ModelSpec.PerSample(1024, (80e9 - 48e9) / 6 / GIB, 2_567_463_684L, 1_451_520L,
                    "SimpleTuner README, SDXL 1.0 hardware requirements: batch 10 at 1024 px nearly fills 80 GB, batch 4"
                            + " starts to use 48 GB; (80 - 48) GB / 6 images", 0));
}
