package com.gpuquote.quote.pricing;

import java.util.Optional;

/** Resolves catalog facts of an instance type; backed by the catalog in the service layer. */
@FunctionalInterface
public interface InstanceFactsLookup {
    Optional<InstanceFacts> find(String instanceType);
}
