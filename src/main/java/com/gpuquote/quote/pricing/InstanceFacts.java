package com.gpuquote.quote.pricing;

/** Catalog facts about an instance type that pricing needs (PERCENT_OFF scopes, VOLUME_TIER GPU count). */
public record InstanceFacts(String instanceType, String family, String gpuModel, int gpusPerInstance) {
}
