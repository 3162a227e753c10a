package com.gpuquote.catalog;

import com.gpuquote.IntegrationTest;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.AuthenticationCredentialsNotFoundException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reads of the shipped catalog (V11) through the service, as a consultant of a demo tenant. */
class CatalogServiceTest extends IntegrationTest {

    @Autowired
    CatalogService catalog;

    @Autowired
    UserDetailsService users;

    void loginAs(String email) {
        UserDetails u = users.loadUserByUsername(email);
        SecurityContextHolder.getContext().setAuthentication(
                UsernamePasswordAuthenticationToken.authenticated(u, null, u.getAuthorities()));
    }

    @AfterEach
    void logout() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void readsNeedAuthentication() {
        assertThatThrownBy(() -> catalog.gpuModels()).isInstanceOf(AuthenticationCredentialsNotFoundException.class);
        assertThatThrownBy(() -> catalog.instanceTypes(InstanceTypeFilter.ALL))
                .isInstanceOf(AuthenticationCredentialsNotFoundException.class);
    }

    @Test
    void shippedDataHasThirtyActiveTypesInBeijingAndShanghaiCoveringTheRequiredGpus() {
        loginAs("consultant@sanfei.demo");
        for (String region : List.of("cn-beijing", "cn-shanghai")) {
            List<InstanceType> active = catalog.instanceTypes(
                    InstanceTypeFilter.ALL.withRegion(region).withStatus(InstanceStatus.ACTIVE));
            assertThat(active).as(region).hasSizeGreaterThanOrEqualTo(30);
            assertThat(active.stream().map(t -> t.gpuModel().code()).collect(Collectors.toSet())).as(region)
                    .contains("T4-PCIE-16GB", "A10-PCIE-24GB", "A30-PCIE-24GB", "A100-SXM4-40GB", "L4-PCIE-24GB",
                            "A100-SXM4-80GB", "A800-SXM4-80GB", "L20-PCIE-48GB", "H20-SXM5-96GB")
                    // ecs.g1ve is a general-purpose family, not V100 (V54): deprecated, so no active V100 at Volcano
                    .doesNotContain("V100-SXM2-32GB");
        }
        assertThat(catalog.regions(Provider.VOLCENGINE)).containsExactly("cn-beijing", "cn-guangzhou", "cn-shanghai");
    }

    @Test
    void everyRowHasASourceAndSampleFlagsAreShipped() {
        loginAs("admin@northwind.demo");
        List<InstanceType> all = catalog.instanceTypes(InstanceTypeFilter.ALL);
        assertThat(all).allSatisfy(t -> {
            assertThat(t.source()).isNotBlank();
            assertThat(t.sample()).as(t.code()).isTrue();
            assertThat(t.gpuModel().source()).isNotBlank();
        });
        assertThat(catalog.gpuModels()).filteredOn(GpuModel::sample).extracting(GpuModel::code)
                .containsExactlyInAnyOrder("A800-SXM4-80GB", "H20-SXM5-96GB", "H800-SXM5-80GB", "L20-PCIE-48GB",
                        "RTX4090-PCIE-24GB");
        assertThat(catalog.gpuModel("A100-SXM4-80GB")).get().extracting(GpuModel::sample).isEqualTo(false);
    }

    @Test
    void derivedTotalsAndRatio() {
        loginAs("consultant@sanfei.demo");
        InstanceType bareMetal = catalog.instanceType(Provider.VOLCENGINE, "ecs.ebmhpcpni2l.32xlarge").orElseThrow();
        assertThat(bareMetal.gpuCount()).isEqualTo(8);
        assertThat(bareMetal.vramPerGpuGiB()).isEqualByComparingTo("80");
        assertThat(bareMetal.totalVramGiB()).isEqualByComparingTo("640");
        assertThat(bareMetal.ramToVramRatio()).isEqualTo(new BigDecimal("3.20"));
        assertThat(bareMetal.regions()).containsExactly("cn-beijing", "cn-shanghai");
        assertThat(bareMetal.gpuModel().interconnect()).isEqualTo(Interconnect.NVLINK);
        assertThat(catalog.instanceType(Provider.VOLCENGINE, "ecs.nope.xlarge")).isEmpty();
    }

    @Test
    void filtersNarrowAndOrderIsProviderGpuModelCountCode() {
        loginAs("consultant@sanfei.demo");
        List<InstanceType> all = catalog.instanceTypes(InstanceTypeFilter.ALL);
        assertThat(catalog.count(InstanceTypeFilter.ALL)).isEqualTo(all.size());
        assertThat(all).isSortedAccordingTo(java.util.Comparator
                .comparing((InstanceType t) -> t.provider().code())
                .thenComparing(t -> t.gpuModel().code())
                .thenComparingInt(InstanceType::gpuCount)
                .thenComparing(InstanceType::code));

        List<InstanceType> a100x8 = catalog.instanceTypes(InstanceTypeFilter.ALL.withGpuModel("A100-SXM4-80GB").withGpuCount(8));
        assertThat(a100x8).isNotEmpty().allSatisfy(t -> {
            assertThat(t.gpuModel().code()).isEqualTo("A100-SXM4-80GB");
            assertThat(t.gpuCount()).isEqualTo(8);
        });

        List<InstanceType> big = catalog.instanceTypes(InstanceTypeFilter.ALL.withMinVramGiB(new BigDecimal("80")));
        assertThat(big).isNotEmpty().allSatisfy(t -> assertThat(t.vramPerGpuGiB()).isGreaterThanOrEqualTo(new BigDecimal("80")));
        assertThat(big.stream().map(t -> t.gpuModel().code()).collect(Collectors.toSet()))
                .doesNotContain("T4-PCIE-16GB", "L20-PCIE-48GB", "A100-SXM4-40GB");

        assertThat(catalog.instanceTypes(InstanceTypeFilter.ALL.withRegion("cn-guangzhou"))).isEmpty();
        int byProvider = 0;
        for (Provider p : Provider.values()) {
            List<InstanceType> of = catalog.instanceTypes(InstanceTypeFilter.ALL.withProvider(p));
            assertThat(of).as(p.code()).isNotEmpty().allSatisfy(t -> assertThat(t.provider()).isEqualTo(p));
            byProvider += of.size();
        }
        assertThat(byProvider).isEqualTo(all.size());
        assertThat(catalog.count(InstanceTypeFilter.ALL.withStatus(InstanceStatus.ACTIVE).withGpuCount(1)))
                .isEqualTo((int) all.stream().filter(t -> t.gpuCount() == 1 && t.status() == InstanceStatus.ACTIVE).count());
    }

    @Test
    void pagesFollowTheSameOrder() {
        loginAs("consultant@sanfei.demo");
        List<InstanceType> all = catalog.instanceTypes(InstanceTypeFilter.ALL);
        assertThat(catalog.instanceTypes(InstanceTypeFilter.ALL, 5, 10)).containsExactlyElementsOf(all.subList(5, 15));
        assertThat(catalog.instanceTypes(InstanceTypeFilter.ALL, all.size(), 10)).isEmpty();
    }

    @Test
    void lookupKnowsEveryTypeAndItsRegions() {
        loginAs("consultant@sanfei.demo");
        CatalogLookup lookup = catalog.lookup();
        assertThat(lookup.isKnownInstanceType(Provider.VOLCENGINE, "ecs.gni2.3xlarge")).isTrue();
        assertThat(lookup.isKnownInstanceType(Provider.VOLCENGINE, "ecs.nope.xlarge")).isFalse();
        assertThat(lookup.isOffered(Provider.VOLCENGINE, "ecs.gni2.3xlarge", "cn-shanghai")).isTrue();
        assertThat(lookup.isOffered(Provider.VOLCENGINE, "ecs.gni2.3xlarge", "cn-guangzhou")).isFalse();
        assertThat(Set.copyOf(catalog.regions(Provider.VOLCENGINE))).contains("cn-beijing");
    }
}
