package com.gpuquote.catalog;

import org.springframework.jdbc.core.simple.JdbcClient;

import java.util.ArrayList;
import java.util.List;

/**
 * The global catalog is shared by every test of the suite: a test that adds instance types or GPU models records
 * their codes here and removes them afterwards, so tests that read the shipped catalog see only the shipped rows,
 * whatever order the suite runs in.
 */
final class CatalogTestRows {
    private final JdbcClient jdbc;
    private final List<String> instanceTypes = new ArrayList<>();
    private final List<String> gpuModels = new ArrayList<>();

    CatalogTestRows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    String instanceType(String code) {
        instanceTypes.add(code);
        return code;
    }

    String gpuModel(String code) {
        gpuModels.add(code);
        return code;
    }

    /** Deletes what the test added (regions cascade); instance types first, they reference GPU models. */
    void removeAll() {
        for (String code : instanceTypes) {
            jdbc.sql("delete from instance_types where provider = 'VOLCENGINE' and code = :code").param("code", code).update();
        }
        for (String code : gpuModels) {
            jdbc.sql("delete from gpu_models where code = :code").param("code", code).update();
        }
        instanceTypes.clear();
        gpuModels.clear();
    }
}
