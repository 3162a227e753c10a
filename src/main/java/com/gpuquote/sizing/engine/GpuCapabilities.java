package com.gpuquote.sizing.engine;

import java.util.Locale;

/** What a GPU model (catalog code such as {@code H100-SXM5-80GB}) can do, from its architecture. */
public final class GpuCapabilities {

    private GpuCapabilities() {
    }

    /**
     * BF16 tensor cores: every NVIDIA GPU from Ampere on. Used only for candidates without catalog facts; Turing (T4,
     * RTX 20xx), Volta (V100) and Pascal (P100, P40, P4) have none.
     */
    public static boolean supportsBf16(String gpuModelCode) {
        if (gpuModelCode == null) {
            return false;
        }
        String c = gpuModelCode.toUpperCase(Locale.ROOT);
        return !(c.startsWith("T4") || c.startsWith("V100") || c.startsWith("P100") || c.startsWith("P40")
                || c.startsWith("P4-") || c.matches(".*RTX[ -]?20\\d\\d.*"));
    }

    /**
     * FP8 tensor cores: Ada Lovelace (L4, L20, L40, L40S, RTX 40xx / 4090), Hopper (H20, H100, H200, H800) and
     * Blackwell (B100, B200, GB200, RTX 50xx). Ampere (A10, A30, A100, A800), Turing (T4) and Volta (V100) have none.
     */
    public static boolean supportsFp8(String gpuModelCode) {
        if (gpuModelCode == null) {
            return false;
        }
        String c = gpuModelCode.toUpperCase(Locale.ROOT);
        return c.startsWith("H") || c.startsWith("L4") || c.startsWith("L20") || c.startsWith("B1")
                || c.startsWith("B2") || c.startsWith("GB") || c.matches(".*RTX[ -]?(40|50)\\d\\d.*")
                || c.matches("^(40|50)\\d\\d.*");
    }
}
