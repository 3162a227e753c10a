package com.gpuquote.deployment;

import org.jspecify.annotations.Nullable;
import com.gpuquote.deployment.UsageFigures.GpuFigures;
import com.gpuquote.deployment.UsageFigures.HostFigures;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * A deployment's use in a window and what follows from it.
 *
 * @param activityMetric {@code SM_ACTIVE} when the window has DCGM SM activity (preferred: it says how busy the SMs
 *                       were, not only that a kernel ran), else {@code GPU_UTIL}; null without either
 * @param ratio          observed host RAM : VRAM need against the tenant's band for the deployment's workload (null
 *                       without both GPU and host samples)
 * @param current        today's monthly price of the deployment for the customer (null: no price in force)
 * @param verdicts       empty when the window has no GPU samples
 * @param hardwareMismatches imports of samples in the window that were recorded on other GPUs than the deployment's
 *                       and stored on the consultant's confirmation (issue 42): the verdicts rest on them too
 */
public record DeploymentAnalysis(Deployment deployment, AnalysisWindow window, String instanceGpuModel,
                                 int gpusPerInstance, double vramPerGpuGiB, double ramGiB, GpuFigures gpu,
                                 List<GpuFigures> perGpu, HostFigures host, @Nullable String activityMetric,
                                 @Nullable ObservedRatio ratio, Thresholds thresholds,
                                 @Nullable BigDecimal currentMonthlyPrice,
                                 @Nullable String currency, List<Verdict> verdicts,
                                 List<HardwareMismatch> hardwareMismatches) {

    public DeploymentAnalysis {
        hardwareMismatches = List.copyOf(hardwareMismatches);
    }

    /** RAM GiB per GiB of VRAM in use (p95 each) and the tenant's band (RAM per VRAM; "1:2 to 1:4" is 2 to 4). */
    public record ObservedRatio(double ramToVram, double bandMin, double bandMax, String status) {
    }

    public boolean hasData() {
        return gpu.samples() > 0;
    }

    /** The first verdict (they are ordered by importance); empty without data. */
    public Optional<Verdict> headline() {
        return verdicts.stream().findFirst();
    }

    /** True when some verdict is not OK. */
    public boolean needsAttention() {
        return verdicts.stream().anyMatch(v -> v.code() != VerdictCode.OK);
    }
}
