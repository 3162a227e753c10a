package com.gpuquote.catalog;

/** Lifecycle of an instance type in the catalog. DEPRECATED types stay visible but should not be offered anew. */
public enum InstanceStatus {
    ACTIVE,
    DEPRECATED
}
