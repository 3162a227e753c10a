package com.gpuquote.sizing;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 15, "Done means": a 70B BF16 serving request gets plans an architect would sign. The prices make the wrong
 * answers cheapest (T4 and V100 far below the rest), so only the plan rules keep them out.
 */
@CalendarTest
class ParallelPlanApiTest extends IntegrationTest {

    /** Volcano Engine, cn-beijing: T4 cheapest by far, then H20 / A800 in one instance, 8 × A10. */
    static final String VOLCANO = """
            provider,region,instance_type,billing_mode,list_price,cost_price,currency
            VOLCENGINE,cn-beijing,ecs.g1tl.4xlarge,HOURLY,1.0000,0.5000,CNY
            VOLCENGINE,cn-beijing,ecs.g1tl.16xlarge,HOURLY,4.0000,2.0000,CNY
            VOLCENGINE,cn-beijing,ecs.pni3ln.22xlarge,HOURLY,140.0000,100.0000,CNY
            VOLCENGINE,cn-beijing,ecs.pni2l.14xlarge,HOURLY,160.0000,120.0000,CNY
            VOLCENGINE,cn-beijing,ecs.gni2.28xlarge,HOURLY,100.0000,80.0000,CNY
            """;
    /** Tencent Cloud, ap-beijing: 8 × V100 cheapest, 8 × A100 40 GB dearer. */
    static final String TENCENT = """
            provider,region,instance_type,billing_mode,list_price,cost_price,currency
            TENCENT,ap-beijing,GN10Xp.20XLARGE320,HOURLY,60.0000,40.0000,CNY
            TENCENT,ap-beijing,GT4.41XLARGE948,HOURLY,200.0000,150.0000,CNY
            """;
    static final String LLAMA_3_70B = """
            {"workload":"INFERENCE","model":{"preset":"llama-3-70b"},"precision":"BF16","sequenceLength":8192,
             "microBatchSize":16,"region":"%s","billingMode":"HOURLY"%s}""";

    @Autowired
    TestTenants tenants;
    @Autowired
    PriceListService priceLists;
    @Autowired
    SizingFixtures fixtures;
    @Autowired
    Clock clock;

    Api consultant;

    @BeforeEach
    void pricedInTwoProviders() {
        consultant = pricedConsultant("en");
    }

    /** A new tenant with a Volcano Engine and a Tencent Cloud price list in force since an hour ago. */
    private Api pricedConsultant(String locale) {
        TestTenants.TestTenant t = tenants.create(locale);
        fixtures.as(t.adminEmail(), () -> {
            Instant from = clock.instant().minus(Duration.ofHours(1));
            publish(Provider.VOLCENGINE, VOLCANO, from);
            return publish(Provider.TENCENT, TENCENT, from);
        });
        return Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
    }

    private PriceList publish(Provider provider, String csv, Instant from) {
        PriceList draft = priceLists.createDraft(NewPriceList.empty("plans " + provider, provider, from));
        priceLists.applyImport(draft.id(), csv.getBytes(StandardCharsets.UTF_8), null);
        return priceLists.publish(draft.id(), from, null);
    }

    private static List<String> gpuModels(JsonNode r) {
        List<String> l = new ArrayList<>();
        r.path("candidates").forEach(c -> l.add(c.path("gpuModel").asText()));
        return l;
    }

    @Test
    void seventyBInBf16WithoutGpuCountGetsTensorParallelInsideOneInstance() {
        var r = consultant.post("/api/v1/recommendations", LLAMA_3_70B.formatted("cn-beijing", ""));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode j = r.json();
        // T4 has no BF16: both T4 types are left out, however cheap
        assertThat(gpuModels(j)).isNotEmpty().doesNotContain("T4-PCIE-16GB");
        assertThat(j.path("excluded").toString()).contains("{\"reason\":\"PRECISION_UNSUPPORTED\",\"count\":2");
        // 131 GiB of weights + 40 GiB of KV cache (16 × 8,192 tokens × 320 KiB): 4 × 96 GiB H20 in one instance
        // (140.00 an hour) is the cheapest plan; tensor parallel 4, one instance
        JsonNode top = j.path("candidates").get(0);
        assertThat(top.path("instanceType").asText()).isEqualTo("ecs.pni3ln.22xlarge");
        assertThat(top.path("plan").toString()).isEqualTo("""
                {"tensorParallel":4,"pipelineParallel":1,"dataParallel":1,"replicas":1,"instancesPerReplica":1}""");
        assertThat(top.path("planDescription").asText()).isEqualTo("4 × H20 in one instance, tensor parallel 4");
        // no plan anywhere puts tensor parallel across instances
        j.path("candidates").forEach(c -> {
            JsonNode p = c.path("plan");
            assertThat(p.path("tensorParallel").asInt()).as(c.path("instanceType").asText())
                    .isLessThanOrEqualTo(c.path("gpusPerInstance").asInt());
            assertThat(p.path("tensorParallel").asInt() * p.path("pipelineParallel").asInt()
                    * p.path("replicas").asInt()).isEqualTo(c.path("gpuCount").asInt());
        });
        // the precision what-if says what FP16 on the T4s would cost
        assertThat(j.path("suggestions").toString()).contains("PRECISION_ON_OLDER_GPU").contains("FP16 on T4");
    }

    @Test
    void eightGpusDoNotPutTheV100First() {
        var r = consultant.post("/api/v1/recommendations", LLAMA_3_70B.formatted("ap-beijing", ",\"gpuCount\":8"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode j = r.json();
        assertThat(gpuModels(j)).containsExactly("A100-SXM4-40GB");
        JsonNode top = j.path("candidates").get(0);
        assertThat(top.path("instanceType").asText()).isEqualTo("GT4.41XLARGE948");
        assertThat(top.path("plan").path("tensorParallel").asInt()).isEqualTo(8);
        assertThat(top.path("instances").asInt()).isEqualTo(1);
        assertThat(j.path("excluded").toString()).contains("{\"reason\":\"PRECISION_UNSUPPORTED\",\"count\":1");
    }

    @Test
    void requestsWithoutPlanFieldsStayValidAndChineseSaysThePlanInChinese() {
        var r = pricedConsultant("zh-CN").post("/api/v1/recommendations", LLAMA_3_70B.formatted("cn-beijing", ""));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("candidates").get(0).path("planDescription").asText())
                .isEqualTo("4 × H20 在一台实例内，张量并行 4");
        assertThat(r.json().path("excluded").get(0).path("label").asText()).isEqualTo("GPU 不支持所需精度：2 个");
    }
}
