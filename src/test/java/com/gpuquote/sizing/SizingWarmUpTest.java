package com.gpuquote.sizing;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.tenancy.TenantContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 12: the start-up sizing warm-up runs the default recommendation over the catalog and sees no tenant's data. */
class SizingWarmUpTest extends IntegrationTest {

    @Autowired
    SizingWarmUp warmUp;
    @Autowired
    SizingFixtures fixtures;
    @Autowired
    JdbcClient jdbc;

    @Test
    void ranksTheActiveCatalogOfTheDefaultRegionWithoutSeeingAnyTenantsPrices() {
        // a tenant with a published price list in cn-beijing exists while the warm-up runs
        TestTenants.TestTenant t = fixtures.pricedTenant("en");

        SizingWarmUp.Result r = warmUp.warmUp();

        assertThat(r.region()).isNotNull();
        long active = jdbc.sql("""
                        select count(*) from instance_types t join instance_type_regions r on r.instance_type_id = t.id
                        where r.region_code = ? and t.status = 'ACTIVE'""")
                .param(r.region()).query(Long.class).single();
        assertThat(active).isPositive();
        assertThat(r.catalogTypes()).isEqualTo((int) active);
        // Llama 3 8B BF16 inference fits on most of the catalog: the engine really ranked something
        assertThat(r.rankedCandidates()).isPositive();
        // it leaves no identity or tenant scope behind on the calling thread
        assertThat(SecurityContextHolder.getContext().getAuthentication()).isNull();
        assertThat(TenantContext.current()).isEqualTo(TenantContext.Scope.NONE);

        // the sizing view's own step builds a whole view with every ranked candidate in its grid, without a session,
        // and leaves no UI, identity or tenant scope behind
        assertThat(r.report()).isNotNull();
        java.util.List<String> steps = warmUp.runSteps(r.report());
        assertThat(steps).hasSize(1);
        assertThat(steps.get(0)).startsWith("SizingViewWarmUp: view built, " + r.rankedCandidates() + " candidates shown, ");
        assertThat(com.vaadin.flow.component.UI.getCurrent()).isNull();
        assertThat(SecurityContextHolder.getContext().getAuthentication()).isNull();
        assertThat(TenantContext.current()).isEqualTo(TenantContext.Scope.NONE);

        // and the tenant's own recommendation afterwards is priced from its own list, as without a warm-up
        Api consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        var res = consultant.post("/api/v1/recommendations", RecommendationApiTest.body(""));
        assertThat(res.status()).as(res.body()).isEqualTo(200);
        assertThat(RecommendationApiTest.types(res.json())).containsExactly("ecs.gni2.3xlarge", "ecs.gni3cl.5xlarge",
                "ecs.gni2.7xlarge", "ecs.pni2l.3xlarge", "ecs.pni3ln.5xlarge");
        assertThat(res.json().path("candidates").get(0).path("unitPrice").asText()).isEqualTo("10.0000");
    }
}
