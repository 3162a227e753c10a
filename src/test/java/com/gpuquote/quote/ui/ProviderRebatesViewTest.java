package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.catalog.Provider;
import com.gpuquote.quote.ProviderRebate;
import com.gpuquote.quote.ProviderRebateService;
import com.vaadin.flow.component.UI;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 16 follow-up: a tenant admin sets the default rebate per provider; a bad percent shows at its field. */
class ProviderRebatesViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    ProviderRebateService rebates;

    @Test
    void anAdminSetsVolcengineEightPercentAndABadPercentIsShownAtItsField() {
        QuoteUiFixtures.World world = fixtures.world("返点客户", "zh-CN");
        login(world.admin());
        UI.getCurrent().navigate(ProviderRebatesView.class);
        ProviderRebatesView view = _get(ProviderRebatesView.class);
        assertThat(view.fields.get(Provider.VOLCENGINE).getLabel()).isEqualTo("火山引擎");
        assertThat(view.fields.get(Provider.VOLCENGINE).getValue()).isNull();

        _setValue(view.fields.get(Provider.VOLCENGINE), new BigDecimal("8"));
        _setValue(view.fields.get(Provider.TENCENT), new BigDecimal("60"));
        _click(view.save);
        assertThat(view.fields.get(Provider.TENCENT).isInvalid()).isTrue();
        assertThat(view.fields.get(Provider.TENCENT).getErrorMessage()).isEqualTo("返点为 0 至 50 之间的百分比，最多两位小数");
        assertThat(view.fields.get(Provider.VOLCENGINE).isInvalid()).isFalse();
        assertThat(fixtures.as(world.admin(), () -> rebates.rebates())).isEmpty(); // nothing half-saved

        _setValue(view.fields.get(Provider.TENCENT), null);
        _click(view.save);
        List<ProviderRebate> saved = fixtures.as(world.admin(), () -> rebates.rebates());
        assertThat(saved).extracting(r -> r.provider() + " " + r.rebatePercent().toPlainString())
                .containsExactly("VOLCENGINE 8.00");
        assertThat(view.fields.get(Provider.VOLCENGINE).getValue()).isEqualByComparingTo("8");
        assertThat(view.fields.get(Provider.TENCENT).getValue()).isNull();
    }
}
