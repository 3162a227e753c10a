package com.gpuquote.catalog;

import com.gpuquote.shared.CsvError;
import com.gpuquote.IntegrationTest;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.shared.InvalidInputException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CatalogWriteTest extends IntegrationTest {

    @Autowired
    CatalogService catalog;

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    private CatalogTestRows added;

    @org.junit.jupiter.api.BeforeEach
    void trackAddedRows() {
        added = new CatalogTestRows(jdbc);
    }

    @org.junit.jupiter.api.AfterEach
    void removeAddedRows() {
        added.removeAll();
    }

    @Autowired
    UserDetailsService users;

    @AfterEach
    void logout() {
        SecurityContextHolder.clearContext();
    }

    private Map<String, String> row(String family, String code) {
        Map<String, String> v = new HashMap<>();
        v.put("provider", "VOLCENGINE");
        v.put("family", family);
        v.put("code", code);
        v.put("gpu_model", "L20-PCIE-48GB");
        v.put("gpu_count", "1");
        v.put("vcpu", "16");
        v.put("ram_gib", "64");
        v.put("network_gbps", "10");
        v.put("regions", "cn-shanghai");
        v.put("source", "test");
        v.put("sample", "true");
        return v;
    }

    @Test
    void tenantRolesCannotWrite() {
        UserDetails u = users.loadUserByUsername("admin@sanfei.demo");
        SecurityContextHolder.getContext().setAuthentication(
                UsernamePasswordAuthenticationToken.authenticated(u, null, u.getAuthorities()));
        assertThatThrownBy(() -> catalog.setStatus(Provider.VOLCENGINE, "ecs.gni2.3xlarge", InstanceStatus.DEPRECATED))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> catalog.previewImport(new byte[0])).isInstanceOf(AccessDeniedException.class);
    }

    @Test
    void platformAdminCreatesEditsAndDeprecatesAType() {
        String family = "ecs.gw" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        String code = added.instanceType(family + ".xlarge");
        SystemAuthentication.asPlatformAdmin(() -> {
            Map<String, String> bad = row(family, "other.xlarge");
            bad.put("vcpu", "lots");
            assertThat(catalog.checkInstanceType(bad, true)).extracting(CsvError::column)
                    .containsExactlyInAnyOrder("code", "vcpu");
            assertThatThrownBy(() -> catalog.saveInstanceType(bad, true)).isInstanceOf(InvalidInputException.class);

            InstanceType created = catalog.saveInstanceType(row(family, code), true);
            assertThat(created.status()).isEqualTo(InstanceStatus.ACTIVE);
            assertThat(catalog.checkInstanceType(row(family, code), true)).extracting(CsvError::code)
                    .containsExactly(CatalogCsvErrorCode.ALREADY_EXISTS);

            Map<String, String> edit = row(family, code);
            edit.put("ram_gib", "96");
            edit.put("regions", "cn-beijing;cn-shanghai");
            InstanceType updated = catalog.saveInstanceType(edit, false);
            assertThat(updated.ramGiB()).isEqualByComparingTo("96");
            assertThat(updated.ramToVramRatio()).isEqualTo(new BigDecimal("2.00"));
            assertThat(updated.regions()).containsExactly("cn-beijing", "cn-shanghai");

            catalog.setStatus(Provider.VOLCENGINE, code, InstanceStatus.DEPRECATED);
            assertThat(catalog.instanceTypes(InstanceTypeFilter.ALL.withStatus(InstanceStatus.DEPRECATED)))
                    .extracting(InstanceType::code).contains(code);
            assertThat(catalog.instanceTypes(InstanceTypeFilter.ALL.withStatus(InstanceStatus.ACTIVE)))
                    .extracting(InstanceType::code).doesNotContain(code);
            assertThat(catalog.lookup().isKnownInstanceType(Provider.VOLCENGINE, code)).isTrue();
        });
        // each change is in the platform audit log, with the platform admin as actor (not in any tenant's log)
        assertThat(adminQuery("select action from platform_audit_events where entity_id = ? order by id", "VOLCENGINE/" + code))
                .containsExactly("CATALOG_INSTANCE_TYPE_CREATED", "CATALOG_INSTANCE_TYPE_UPDATED",
                        "CATALOG_INSTANCE_TYPE_STATUS_CHANGED");
        assertThat(adminQuery("select action from audit_events where entity_id = ?", "VOLCENGINE/" + code)).isEmpty();
    }

    /** Reads audit tables as the admin account (they are row-level secured for the runtime role). */
    private static java.util.List<String> adminQuery(String sql, String param) {
        try (var c = com.gpuquote.TestDatabase.adminConnection(); var st = c.prepareStatement(sql)) {
            st.setString(1, param);
            try (var rs = st.executeQuery()) {
                java.util.List<String> out = new java.util.ArrayList<>();
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
                return out;
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void importPreviewListsChangesAndImportAppliesThem() {
        String header = "provider,family,code,gpu_model,gpu_count,vcpu,ram_gib,local_nvme_gib,network_gbps,regions,status,source,sample\n";
        String existing = "VOLCENGINE,ecs.gni2,ecs.gni2.3xlarge,A10-PCIE-24GB,1,14,56,0,8,cn-beijing;cn-shanghai,ACTIVE,"
                + "\"Third-party GitHub README (DMA OL project) lists ecs.gni2.3xlarge as 14 vCPU / 56 GB / 1x A10; network is a GpuQuote estimate\",true\n";
        SystemAuthentication.asPlatformAdmin(() -> {
            CatalogImportPreview same = catalog.previewImport((header + existing).getBytes());
            assertThat(same.isValid()).isTrue();
            assertThat(same.unchanged()).isEqualTo(1);
            assertThat(same.added()).isEmpty();
            assertThat(same.changed()).isEmpty();

            CatalogImportPreview dup = catalog.previewImport((header + existing + existing).getBytes());
            assertThat(dup.errors()).extracting(CsvError::row, CsvError::code)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(3, CatalogCsvErrorCode.DUPLICATE_TYPE));

            CatalogImportPreview missing = catalog.previewImport("provider,code\nVOLCENGINE,x.y\n".getBytes());
            assertThat(missing.errors()).extracting(CsvError::code).containsOnly(CatalogCsvErrorCode.MISSING_COLUMN)
                    .hasSize(11);
        });
    }
}
