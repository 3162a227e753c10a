package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.pricing.agreement.CustomerAgreement;
import com.gpuquote.pricing.agreement.PercentScope;
import com.gpuquote.pricing.agreement.RuleType;
import com.gpuquote.customer.ui.CustomerDetailView;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** The agreement editor on the customer page (it lives in customer.ui; tested here with the quote UI fixtures). */
class AgreementEditorTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    AgreementService agreements;

    private void openCustomer(World world) {
        UI.getCurrent().navigate(CustomerDetailView.class, new RouteParameters("id", world.customer().id().toString()));
    }

    @SuppressWarnings("unchecked")
    @Test
    void tenantAdminCreatesAnAgreementWithRulesOfAllFourTypes() {
        World world = fixtures.world("杭州算力有限公司", "zh-CN");
        login(world.admin());
        openCustomer(world);
        _click(_get(Button.class, spec -> spec.withId("new-agreement")));
        _setValue(_get(TextField.class, spec -> spec.withId("agreement-name")), "2026 框架协议");
        Button addRule = _get(Button.class, spec -> spec.withId("add-rule"));
        for (int i = 0; i < 4; i++) {
            _click(addRule);
        }
        List<com.vaadin.flow.component.Component> rows = _find(com.vaadin.flow.component.Component.class,
                spec -> spec.withClasses("agreement-rule"));
        assertThat(rows).hasSize(4);
        // row 0: FIXED_PRICE
        var r0 = rows.get(0);
        _setValue(_get(r0, Select.class, spec -> spec.withLabel("规则类型")), RuleType.FIXED_PRICE);
        _setValue(_get(r0, TextField.class, spec -> spec.withLabel("实例规格")), QuoteUiFixtures.A10);
        _setValue(_get(r0, TextField.class, spec -> spec.withLabel("地域")), QuoteUiFixtures.REGION);
        _setValue(_get(r0, Select.class, spec -> spec.withLabel("计费方式")), BillingMode.MONTHLY);
        _setValue(_get(r0, BigDecimalField.class, spec -> spec.withLabel("单价")), new BigDecimal("9500"));
        // row 1: PERCENT_OFF (all) 5 %
        _setValue(_get(rows.get(1), BigDecimalField.class, spec -> spec.withLabel("折扣 %")), new BigDecimal("5"));
        // row 2: VOLUME_TIER
        _setValue(_get(rows.get(2), Select.class, spec -> spec.withLabel("规则类型")), RuleType.VOLUME_TIER);
        _setValue(_get(rows.get(2), IntegerField.class, spec -> spec.withLabel("最少 GPU 数")), 8);
        _setValue(_get(rows.get(2), BigDecimalField.class, spec -> spec.withLabel("折扣 %")), new BigDecimal("3"));
        // row 3: TERM
        _setValue(_get(rows.get(3), Select.class, spec -> spec.withLabel("规则类型")), RuleType.TERM);
        _setValue(_get(rows.get(3), IntegerField.class, spec -> spec.withLabel("最短期限（月）")), 12);
        _setValue(_get(rows.get(3), BigDecimalField.class, spec -> spec.withLabel("折扣 %")), new BigDecimal("2.5"));
        _click(_get(Button.class, spec -> spec.withId("save-agreement")));

        List<CustomerAgreement> saved = fixtures.as(world.admin(), () -> agreements.list(world.customer().id()));
        assertThat(saved).hasSize(1);
        assertThat(saved.get(0).name()).isEqualTo("2026 框架协议");
        assertThat(saved.get(0).rules()).extracting(AgreementRule::type)
                .containsExactly(RuleType.FIXED_PRICE, RuleType.PERCENT_OFF, RuleType.VOLUME_TIER, RuleType.TERM);
    }

    @SuppressWarnings("unchecked")
    @Test
    void invalidRuleFieldsAreMarkedAndNothingIsSaved() {
        World world = fixtures.world("成都视觉有限公司", "zh-CN");
        login(world.admin());
        openCustomer(world);
        _click(_get(Button.class, spec -> spec.withId("new-agreement")));
        _setValue(_get(TextField.class, spec -> spec.withId("agreement-name")), "错误协议");
        _click(_get(Button.class, spec -> spec.withId("add-rule")));
        BigDecimalField percent = _get(BigDecimalField.class, spec -> spec.withLabel("折扣 %"));
        _setValue(percent, new BigDecimal("150"));
        _click(_get(Button.class, spec -> spec.withId("save-agreement")));
        assertThat(percent.isInvalid()).isTrue();
        assertThat(percent.getErrorMessage()).isEqualTo("百分比须在 0 到 100 之间");
        assertThat(fixtures.as(world.admin(), () -> agreements.list(world.customer().id()))).isEmpty();
    }

    @SuppressWarnings("unchecked")
    @Test
    void aPercentOffTakesEveryScopeFieldAndShowsItsRegion() {
        World world = fixtures.world("上海智算有限公司", "zh-CN");
        login(world.admin());
        openCustomer(world);
        _click(_get(Button.class, spec -> spec.withId("new-agreement")));
        _setValue(_get(TextField.class, spec -> spec.withId("agreement-name")), "上海协议");
        Button addRule = _get(Button.class, spec -> spec.withId("add-rule"));
        List<PercentScope> scopes = List.of(PercentScope.INSTANCE_TYPE, PercentScope.FAMILY, PercentScope.GPU_MODEL,
                PercentScope.BILLING_MODE, PercentScope.ALL);
        for (int i = 0; i < scopes.size(); i++) {
            _click(addRule);
        }
        List<com.vaadin.flow.component.Component> rows = _find(com.vaadin.flow.component.Component.class,
                spec -> spec.withClasses("agreement-rule"));
        for (int i = 0; i < scopes.size(); i++) {
            var row = rows.get(i);
            _setValue(_get(row, Select.class, spec -> spec.withLabel("适用范围")), scopes.get(i));
            if (scopes.get(i) == PercentScope.BILLING_MODE) {
                _setValue(_get(row, Select.class, spec -> spec.withLabel("计费方式")), BillingMode.MONTHLY);
            } else if (scopes.get(i) != PercentScope.ALL) {
                _setValue(_get(row, TextField.class, spec -> spec.withLabel("范围取值")), "v" + i);
            }
            TextField region = _get(row, TextField.class, spec -> spec.withLabel("地域"));
            assertThat(region.getHelperText()).isEqualTo("留空表示所有地域");
            _setValue(region, i == 2 ? "" : "cn-shanghai");
            _setValue(_get(row, BigDecimalField.class, spec -> spec.withLabel("折扣 %")), new BigDecimal(i + 1));
        }
        _click(_get(Button.class, spec -> spec.withId("save-agreement")));

        List<CustomerAgreement> saved = fixtures.as(world.admin(), () -> agreements.list(world.customer().id()));
        assertThat(saved).hasSize(1);
        assertThat(saved.get(0).rules()).containsExactly(
                AgreementRule.PercentOff.instanceType("v0", new BigDecimal("1")).inRegion("cn-shanghai"),
                AgreementRule.PercentOff.family("v1", new BigDecimal("2")).inRegion("cn-shanghai"),
                AgreementRule.PercentOff.gpuModel("v2", new BigDecimal("3")),
                AgreementRule.PercentOff.billingMode(BillingMode.MONTHLY, new BigDecimal("4")).inRegion("cn-shanghai"),
                AgreementRule.PercentOff.all(new BigDecimal("5")).inRegion("cn-shanghai"));

        // the list says where each rule applies, and the editor shows the region again
        var grid = _get(com.vaadin.flow.component.grid.Grid.class, spec -> spec.withId("agreements"));
        assertThat(com.github.mvysny.kaributesting.v10.GridKt._getFormatted(grid, 0, "rules"))
                .contains("实例规格 v0 优惠 1%（限地域 cn-shanghai）").contains("GPU 型号 v2 优惠 3%；")
                .contains("全部实例优惠 5%（限地域 cn-shanghai）");
        com.github.mvysny.kaributesting.v10.GridKt._clickItem(grid, 0);
        List<com.vaadin.flow.component.Component> reopened = _find(com.vaadin.flow.component.Component.class,
                spec -> spec.withClasses("agreement-rule"));
        assertThat(reopened).hasSize(5);
        assertThat(_get(reopened.get(0), TextField.class, spec -> spec.withLabel("地域")).getValue())
                .isEqualTo("cn-shanghai");
        assertThat(_get(reopened.get(2), TextField.class, spec -> spec.withLabel("地域")).getValue()).isEmpty();
        assertThat(_get(reopened.get(3), Select.class, spec -> spec.withLabel("计费方式")).getValue())
                .isEqualTo(BillingMode.MONTHLY);
    }

    @Test
    void consultantSeesAgreementsButCannotCreate() {
        World world = fixtures.world("南京数据有限公司", "zh-CN");
        login(world.consultant());
        openCustomer(world);
        assertThat(_find(Button.class, spec -> spec.withId("new-agreement"))).isEmpty();
        assertThat(_find(com.vaadin.flow.component.grid.Grid.class, spec -> spec.withId("agreements"))).hasSize(1);
    }
}
