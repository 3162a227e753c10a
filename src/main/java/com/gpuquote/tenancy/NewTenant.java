package com.gpuquote.tenancy;

public record NewTenant(String slug, String name, String locale) {
}
