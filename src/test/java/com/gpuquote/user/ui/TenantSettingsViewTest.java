package com.gpuquote.user.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantSettings;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextField;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

class TenantSettingsViewTest extends KaribuTest {

    @Autowired
    TestTenants testTenants;

    @Autowired
    TenantService tenants;

    @Test
    void showsRatesAsPercentAndSavesThemAsFractions() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(TenantSettingsView.class);
        assertThat(vat().getValue()).isEqualByComparingTo("6");
        assertThat(margin().getValue()).isEqualByComparingTo("5");
        assertThat(name().getValue()).isEqualTo(t.tenant().name());

        _setValue(name(), "改名后的代理商");
        _setValue(vat(), new BigDecimal("9"));
        _setValue(margin(), new BigDecimal("12.5"));
        _setValue(locale(), "en");
        _click(_get(Button.class, s -> s.withId("settings-save")));

        assertThat(notificationTexts()).contains("已保存");
        Tenant saved = tenants.current();
        assertThat(saved.name()).isEqualTo("改名后的代理商");
        assertThat(saved.vatRate()).isEqualByComparingTo("0.09");
        assertThat(saved.marginFloorPct()).isEqualByComparingTo("0.125");
        assertThat(saved.locale()).isEqualTo("en");
        assertThat(_get(Span.class, s -> s.withId("tenant-name")).getText()).isEqualTo("改名后的代理商");

        // a second save right away works: the view took the new version
        _setValue(vat(), new BigDecimal("6"));
        _click(_get(Button.class, s -> s.withId("settings-save")));
        assertThat(tenants.current().vatRate()).isEqualByComparingTo("0.06");
    }

    @Test
    void showingTheFloorPriceToConsultantsIsOffByDefaultAndSaved() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(TenantSettingsView.class);
        var show = _get(com.vaadin.flow.component.checkbox.Checkbox.class, s -> s.withId("settings-show-floor-price"));
        assertThat(show.getValue()).isFalse();
        assertThat(tenants.current().showFloorPrice()).isFalse();
        _setValue(show, true);
        _click(_get(Button.class, s -> s.withId("settings-save")));
        assertThat(tenants.current().showFloorPrice()).isTrue();
        // without SMTP (as here) the admin is told that mail only fills the outbox
        assertThat(_get(com.vaadin.flow.component.html.Paragraph.class, s -> s.withId("settings-no-smtp")).getText())
                .contains("未配置 SMTP").contains("发件箱");
    }

    @Test
    void outOfRangeRateIsRefusedWithAMessageNamingTheField() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(TenantSettingsView.class);
        _setValue(vat(), new BigDecimal("60"));
        _setValue(margin(), new BigDecimal("1.234"));
        _click(_get(Button.class, s -> s.withId("settings-save")));

        assertThat(vat().isInvalid()).isTrue();
        assertThat(vat().getErrorMessage()).isEqualTo("增值税率须在 0 到 50 % 之间，最多两位小数");
        assertThat(margin().isInvalid()).isTrue();
        assertThat(margin().getErrorMessage()).startsWith("最低毛利率");
        assertThat(tenants.current().vatRate()).isEqualByComparingTo("0.06");
    }

    @Test
    void emptyNameIsRequired() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(TenantSettingsView.class);
        _setValue(name(), "");
        _click(_get(Button.class, s -> s.withId("settings-save")));
        assertThat(name().isInvalid()).isTrue();
        assertThat(name().getErrorMessage()).startsWith("代理商名称为必填项");
    }

    @Test
    void staleSaveShowsTheFriendlyMessageAndReloadShowsTheOtherChange() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(TenantSettingsView.class);
        Tenant current = tenants.current();
        // someone else saves in the meantime
        tenants.updateSettings(new TenantSettings("别人改的名字", current.vatRate(), current.marginFloorPct(),
                current.locale(), current.version()));

        _setValue(vat(), new BigDecimal("7"));
        _click(_get(Button.class, s -> s.withId("settings-save")));
        assertThat(notificationTexts()).contains("其他人刚刚修改了此记录，请刷新后重试。");
        assertThat(tenants.current().vatRate()).isEqualByComparingTo("0.06");

        _click(_get(Button.class, s -> s.withId("settings-reload")));
        assertThat(name().getValue()).isEqualTo("别人改的名字");
        assertThat(vat().getValue()).isEqualByComparingTo("6");
    }

    private static TextField name() {
        return _get(TextField.class, s -> s.withId("settings-name"));
    }

    private static BigDecimalField vat() {
        return _get(BigDecimalField.class, s -> s.withId("settings-vat"));
    }

    private static BigDecimalField margin() {
        return _get(BigDecimalField.class, s -> s.withId("settings-margin"));
    }

    @SuppressWarnings("unchecked")
    private static Select<String> locale() {
        return _get(Select.class, s -> s.withId("settings-locale"));
    }
}
