package com.gpuquote.deployment;

/** The file formats a utilisation import recognises from the content. */
public enum UtilizationFormat {
    /** {@code nvidia-smi --query-gpu=timestamp,index,name,memory.used,memory.total,utilization.gpu --format=csv[,noheader][,nounits]} */
    NVIDIA_SMI,
    /** {@code timestamp,mem_total_kib,mem_available_kib} (MemTotal and MemAvailable of /proc/meminfo). */
    HOST_MEMINFO,
    /** DCGM exporter metrics (Prometheus text exposition), one or more scrapes. */
    DCGM
}
