package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.ProviderRebateService;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39 (ADR 3903) in the editor: an option with a 火山引擎 A10 (MONTHLY list 10,000) and an 阿里云 gn7e (MONTHLY
 * list 20,000) line, 1 × 12 months each, shows one rebate field per provider with the tenant's defaults (8 %, 5 %);
 * the admin changes one, the other stays.
 */
class ProviderRebatesEditorViewTest extends KaribuTest {

    private static final String GN7E = "ecs.gn7e-c16g1.4xlarge";

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;
    @Autowired
    ProviderRebateService providerRebates;

    @Test
    void anAdminSeesAndSetsEachProvidersRebate() {
        World world = fixtures.world("返点分厂商客户", "zh-CN");
        fixtures.aliyunPrice(world, GN7E, "20000", "15000");
        fixtures.as(world.admin(), () -> providerRebates.replace(List.of(
                new ProviderRebateService.RebateInput("VOLCENGINE", new BigDecimal("8")),
                new ProviderRebateService.RebateInput("ALIYUN", new BigDecimal("5")))));
        QuoteDetails q = fixtures.as(world.admin(), () -> quoteDrafting.create(new NewQuote(world.project().id(), null,
                List.of(new QuoteInput.Option("A", List.of(
                        QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12),
                        QuoteInput.Line.of(GN7E, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)), List.of())))));

        login(world.admin());
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        ChannelEditor channel = _get(QuoteEditorView.class).editors.get(0).channel;
        assertThat(channel.rebate.isVisible()).isFalse();
        assertThat(channel.providerFields.keySet()).containsExactly("ALIYUN", "VOLCENGINE");
        assertThat(channel.providerFields.get("VOLCENGINE").getLabel()).isEqualTo("返点（%）· 火山引擎");
        assertThat(channel.providerFields.get("VOLCENGINE").getValue()).isEqualByComparingTo("8");
        assertThat(channel.providerFields.get("ALIYUN").getValue()).isEqualByComparingTo("5");
        // 8 % of 120,000 + 5 % of 240,000 = 9,600.00 + 12,000.00
        assertThat(_get(Span.class, spec -> spec.withId("totals-rebate")).getText())
                .contains("21,600.00").contains("阿里云 5").contains("火山引擎 8");

        _setValue(channel.providerFields.get("VOLCENGINE"), new BigDecimal("10"));
        var margin = fixtures.as(world.admin(), () -> quoteQueries.get(q.id())).margins().orElseThrow().get(0);
        assertThat(margin.providerRebates()).containsOnlyKeys("ALIYUN", "VOLCENGINE");
        assertThat(margin.providerRebates().get("VOLCENGINE")).isEqualByComparingTo("10");
        assertThat(margin.providerRebates().get("ALIYUN")).isEqualByComparingTo("5");
        // 10 % of 120,000 + 5 % of 240,000
        assertThat(margin.rebateAmount()).isEqualByComparingTo(new BigDecimal("120000").multiply(new BigDecimal("0.10"))
                .add(new BigDecimal("240000").multiply(new BigDecimal("0.05"))));
    }
}
