package com.gpuquote.user.ui;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.shared.ui.SecretOnceDialog;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantStatus;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.EmailField;
import com.vaadin.flow.component.textfield.TextField;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._assertNone;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

class TenantsViewTest extends KaribuTest {

    @Autowired
    TenantService tenants;

    @Test
    void platformAdminCreatesTenantSeesLinkOnceThenSuspendsIt() {
        login("platform@gpuquote.demo");
        UI.getCurrent().navigate(TenantsView.class);
        String slug = "ui-" + UUID.randomUUID().toString().substring(0, 8);

        _click(_get(Button.class, s -> s.withId("create-tenant")));
        _setValue(_get(TextField.class, s -> s.withId("tenant-slug")), slug);
        _setValue(_get(TextField.class, s -> s.withId("tenant-name-field")), "界面测试云 " + slug);
        @SuppressWarnings("unchecked")
        Select<String> locale = _get(Select.class, s -> s.withId("tenant-locale"));
        _setValue(locale, "en");
        _setValue(_get(EmailField.class, s -> s.withId("admin-email")), "boss-" + slug + "@test.example");
        _setValue(_get(TextField.class, s -> s.withId("admin-name")), "Boss " + slug);
        _click(_get(Button.class, s -> s.withId("create-tenant-save")));

        assertThat(notificationTexts()).contains("已创建代理商 界面测试云 " + slug);
        SecretOnceDialog shown = _get(SecretOnceDialog.class);
        assertThat(shown.getHeaderTitle()).isEqualTo("邀请链接");
        assertThat(_get(TextField.class, s -> s.withId("secret-value")).getValue()).matches("https?://.+/invite/[A-Za-z0-9_-]{43}");
        assertThat(_get(TextField.class, s -> s.withId("secret-value")).isReadOnly()).isTrue();
        _click(_get(Button.class, s -> s.withId("secret-close")));
        _assertNone(SecretOnceDialog.class);

        @SuppressWarnings("unchecked")
        Grid<Tenant> grid = _get(Grid.class, s -> s.withId("tenants-grid"));
        int row = rowOf(grid, slug);
        assertThat(GridKt._getFormatted(grid, row, "name")).isEqualTo("界面测试云 " + slug);
        assertThat(GridKt._getFormatted(grid, row, "locale")).isEqualTo("English");
        assertThat(((Span) GridKt._getCellComponent(grid, row, "status")).getText()).isEqualTo("正常");

        _click(action(grid, row, "tenant-suspend"));
        ConfirmDialog confirm = _get(ConfirmDialog.class);
        assertThat(ConfirmDialogKt.getHeader(confirm)).isEqualTo("停用代理商 界面测试云 " + slug + "？");
        ConfirmDialogKt._fireConfirm(confirm);

        row = rowOf(grid, slug);
        assertThat(((Span) GridKt._getCellComponent(grid, row, "status")).getText()).isEqualTo("已停用");
        assertThat(tenants.findBySlug(slug).orElseThrow().status()).isEqualTo(TenantStatus.SUSPENDED);
        assertThat(action(grid, row, "tenant-reactivate").getText()).isEqualTo("恢复");

        // suspended: its data can be exported and the tenant deleted once its slug is typed again
        assertThat(_get(GridKt._getCellComponent(grid, row, "actions"), Anchor.class,
                s -> s.withClasses("tenant-export")).getText()).isEqualTo("导出数据");
        _click(action(grid, row, "tenant-delete"));
        _setValue(_get(TextField.class, s -> s.withClasses("tenant-delete-confirm")), "wrong-slug");
        _click(_get(Button.class, s -> s.withClasses("tenant-delete-submit")));
        TextField typed = _get(TextField.class, s -> s.withClasses("tenant-delete-confirm"));
        assertThat(typed.isInvalid()).isTrue();
        assertThat(typed.getErrorMessage()).isEqualTo("请输入 " + slug + " 以确认删除");
        assertThat(tenants.findBySlug(slug)).isPresent();
        _setValue(typed, slug);
        _click(_get(Button.class, s -> s.withClasses("tenant-delete-submit")));
        assertThat(tenants.findBySlug(slug)).isEmpty();
        assertThat(notificationTexts()).anyMatch(t -> t.startsWith("已删除代理商 界面测试云 " + slug));
        assertThat(grid.getListDataView().getItems().map(Tenant::slug)).doesNotContain(slug);
    }

    @Test
    void duplicateSlugShowsFriendlyMessageAndKeepsDialogOpen() {
        login("platform@gpuquote.demo");
        UI.getCurrent().navigate(TenantsView.class);
        _click(_get(Button.class, s -> s.withId("create-tenant")));
        _setValue(_get(TextField.class, s -> s.withId("tenant-slug")), "sanfei");
        _setValue(_get(TextField.class, s -> s.withId("tenant-name-field")), "Copy");
        _setValue(_get(EmailField.class, s -> s.withId("admin-email")), "dup-" + UUID.randomUUID() + "@test.example");
        _setValue(_get(TextField.class, s -> s.withId("admin-name")), "Dup");
        _click(_get(Button.class, s -> s.withId("create-tenant-save")));
        assertThat(notificationTexts()).contains("该标识已被使用，请换一个。");
        _assertNone(SecretOnceDialog.class);
        _get(CreateTenantDialog.class);
    }

    private static Button action(Grid<Tenant> grid, int row, String className) {
        return _get(GridKt._getCellComponent(grid, row, "actions"), Button.class, s -> s.withClasses(className));
    }

    private static int rowOf(Grid<Tenant> grid, String slug) {
        var items = GridKt._findAll(grid);
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).slug().equals(slug)) {
                return i;
            }
        }
        throw new AssertionError("tenant " + slug + " not in the grid");
    }
}
