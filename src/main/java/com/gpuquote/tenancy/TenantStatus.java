package com.gpuquote.tenancy;

public enum TenantStatus { ACTIVE, SUSPENDED }
