package com.gpuquote.catalog;

/** How GPUs of one instance talk to each other (matches the CHECK on {@code gpu_models.interconnect}). */
public enum Interconnect {
    PCIE,
    NVLINK,
    INFINITY_FABRIC,
    OTHER
}
