package com.gpuquote.security.ui;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt;
import com.gpuquote.Api;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.security.ApiToken;
import com.gpuquote.shared.ui.SecretOnceDialog;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

class ApiTokensViewTest extends KaribuTest {

    @Autowired
    TestTenants testTenants;

    @Test
    void consultantCreatesATokenSeesItOnceUsesItAndRevokesIt() {
        var t = testTenants.create();
        login(t.consultantEmail());
        UI.getCurrent().navigate(ApiTokensView.class);
        assertThat(_get(Paragraph.class, s -> s.withId("tokens-none")).isVisible()).isTrue();

        _click(_get(Button.class, s -> s.withId("create-token")));
        _setValue(_get(TextField.class, s -> s.withId("token-name")), "报价脚本");
        _setValue(_get(IntegerField.class, s -> s.withId("token-days")), 30);
        _click(_get(Button.class, s -> s.withId("create-token-save")));

        SecretOnceDialog shown = _get(SecretOnceDialog.class);
        assertThat(shown.getHeaderTitle()).isEqualTo("新的 API 令牌");
        assertThat(_get(shown, Paragraph.class, s -> s.withClasses("secret-once-warning")).getText()).contains("只显示这一次");
        String token = _get(TextField.class, s -> s.withId("secret-value")).getValue();
        assertThat(token).startsWith("gqt_");
        _click(_get(Button.class, s -> s.withId("secret-close")));

        @SuppressWarnings("unchecked")
        Grid<ApiToken> grid = _get(Grid.class, s -> s.withId("tokens-grid"));
        assertThat(GridKt._size(grid)).isEqualTo(1);
        assertThat(GridKt._getFormatted(grid, 0, "name")).isEqualTo("报价脚本");
        assertThat(((Span) GridKt._getCellComponent(grid, 0, "status")).getText()).isEqualTo("有效");
        assertThat(GridKt._getFormatted(grid, 0, "lastUsed")).isEqualTo("—");
        assertThat(Api.bearer(baseUrl(), token).get("/api/v1/me").status()).isEqualTo(200);

        _click((Button) GridKt._getCellComponent(grid, 0, "actions"));
        ConfirmDialogKt._fireConfirm(_get(ConfirmDialog.class));
        assertThat(notificationTexts()).contains("已撤销令牌 报价脚本");
        assertThat(((Span) GridKt._getCellComponent(grid, 0, "status")).getText()).isEqualTo("已撤销");
        assertThat(Api.bearer(baseUrl(), token).get("/api/v1/me").status()).isEqualTo(401);
    }

    @Test
    void platformAdminHasTokensToo() {
        login("platform@gpuquote.demo");
        UI.getCurrent().navigate(ApiTokensView.class);
        _click(_get(Button.class, s -> s.withId("create-token")));
        _setValue(_get(TextField.class, s -> s.withId("token-name")), "platform-ci");
        _click(_get(Button.class, s -> s.withId("create-token-save")));
        assertThat(_get(TextField.class, s -> s.withId("secret-value")).getValue()).startsWith("gqt_");
    }

    @Test
    void tokenWithoutNameIsRefused() {
        var t = testTenants.create();
        login(t.consultantEmail());
        UI.getCurrent().navigate(ApiTokensView.class);
        _click(_get(Button.class, s -> s.withId("create-token")));
        _click(_get(Button.class, s -> s.withId("create-token-save")));
        assertThat(notificationTexts()).contains("名称: 必填");
    }
}
