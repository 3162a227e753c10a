package com.gpuquote.sizing.engine;

import java.math.BigDecimal;

/**
 * A plan's estimate for a training job (labelled an estimate wherever shown): wall-clock hours, GPU-hours, what the
 * job costs at the plan's (net) prices, and whether it meets the deadline and budget when they were given (null when
 * not given).
 */
public record TrainingPerformance(double trainingHours, double gpuHours, BigDecimal jobCost, Boolean meetsDeadline,
                                  Boolean withinBudget) {
}
