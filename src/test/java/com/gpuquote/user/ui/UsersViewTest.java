package com.gpuquote.user.ui;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt;
import com.gpuquote.Api;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.security.Role;
import com.gpuquote.shared.ui.SecretOnceDialog;
import com.gpuquote.user.Invitation;
import com.gpuquote.user.UserAccount;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.checkbox.CheckboxGroup;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.textfield.EmailField;
import com.vaadin.flow.component.textfield.TextField;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.Set;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

class UsersViewTest extends KaribuTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    com.gpuquote.security.internal.LoginThrottle throttle;

    @Test
    void adminSeesOnlyOwnTenantsUsersAndCanSearch() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(UsersView.class);
        Grid<UserAccount> grid = usersGrid();
        assertThat(emails(grid)).containsExactly(t.adminEmail(), t.consultantEmail());
        assertThat(emails(grid)).noneMatch(e -> e.endsWith(".demo"));
        int row = emails(grid).indexOf(t.consultantEmail());
        assertThat(GridKt._getFormatted(grid, row, "roles")).isEqualTo("顾问");
        assertThat(GridKt._getFormatted(grid, row, "enabled")).isEqualTo("是");
        assertThat(GridKt._getFormatted(grid, row, "lastLogin")).isEqualTo("从未");

        _setValue(_get(TextField.class, s -> s.withId("user-search")), "consultant-");
        assertThat(emails(grid)).containsExactly(t.consultantEmail());
        _setValue(_get(TextField.class, s -> s.withId("user-search")), "sanfei");
        assertThat(emails(grid)).isEmpty();
    }

    @Test
    void adminInvitesAUserSeesTheLinkOnceAndThePendingInvitation() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(UsersView.class);
        String invitee = "new-" + t.tenant().slug() + "@test.example";

        _click(_get(Button.class, s -> s.withId("invite-user")));
        _setValue(_get(EmailField.class, s -> s.withId("invite-email")), invitee);
        _setValue(_get(TextField.class, s -> s.withId("invite-name")), "新同事");
        @SuppressWarnings("unchecked")
        CheckboxGroup<Role> roles = _get(CheckboxGroup.class, s -> s.withId("invite-roles"));
        _setValue(roles, Set.of(Role.CONSULTANT, Role.TENANT_ADMIN));
        _click(_get(Button.class, s -> s.withId("invite-send")));

        assertThat(_get(SecretOnceDialog.class).getHeaderTitle()).isEqualTo("邀请链接");
        assertThat(_get(TextField.class, s -> s.withId("secret-value")).getValue()).contains("/invite/");
        _click(_get(Button.class, s -> s.withId("secret-close")));

        @SuppressWarnings("unchecked")
        Grid<Invitation> pending = _get(Grid.class, s -> s.withId("pending-grid"));
        assertThat(GridKt._findAll(pending)).extracting(Invitation::email).containsExactly(invitee);
        assertThat(GridKt._getFormatted(pending, 0, "roles")).isEqualTo("代理商管理员, 顾问");

        _click((Button) GridKt._getCellComponent(pending, 0, "actions"));
        ConfirmDialogKt._fireConfirm(_get(ConfirmDialog.class));
        assertThat(notificationTexts()).contains("已撤销发给 " + invitee + " 的邀请");
        assertThat(pending.isVisible()).isFalse();
    }

    @Test
    void inviteWithoutRoleShowsTheFieldError() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(UsersView.class);
        _click(_get(Button.class, s -> s.withId("invite-user")));
        _setValue(_get(EmailField.class, s -> s.withId("invite-email")), "x-" + t.tenant().slug() + "@test.example");
        _setValue(_get(TextField.class, s -> s.withId("invite-name")), "X");
        _setValue(_get(CheckboxGroup.class, s -> s.withId("invite-roles")), Set.of());
        _click(_get(Button.class, s -> s.withId("invite-send")));
        assertThat(notificationTexts()).contains("角色: 请至少选择一个角色（代理商管理员或顾问）");
        assertThat(_find(SecretOnceDialog.class)).isEmpty();
    }

    @Test
    void adminChangesARoleAndDisablesAndEnablesAUser() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(UsersView.class);
        Grid<UserAccount> grid = usersGrid();
        int row = emails(grid).indexOf(t.consultantEmail());

        _click(action(grid, row, "user-roles"));
        @SuppressWarnings("unchecked")
        CheckboxGroup<Role> roles = _get(CheckboxGroup.class, s -> s.withId("roles-value"));
        assertThat(roles.getValue()).containsExactly(Role.CONSULTANT);
        _setValue(roles, Set.of(Role.TENANT_ADMIN, Role.CONSULTANT));
        _click(_get(Button.class, s -> s.withId("roles-save")));
        assertThat(GridKt._getFormatted(grid, row, "roles")).isEqualTo("代理商管理员, 顾问");

        _click(action(grid, row, "user-disable"));
        ConfirmDialogKt._fireConfirm(_get(ConfirmDialog.class));
        assertThat(GridKt._getFormatted(grid, row, "enabled")).isEqualTo("否");
        assertThat(notificationTexts()).contains("已停用 " + t.consultantEmail());

        _click(action(grid, row, "user-enable"));
        assertThat(GridKt._getFormatted(grid, row, "enabled")).isEqualTo("是");
    }

    @Test
    void adminCannotDisableThemselves() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(UsersView.class);
        Grid<UserAccount> grid = usersGrid();
        int row = emails(grid).indexOf(t.adminEmail());
        _click(action(grid, row, "user-disable"));
        ConfirmDialogKt._fireConfirm(_get(ConfirmDialog.class));
        assertThat(notificationTexts()).contains("不能停用自己的账户。");
        assertThat(GridKt._getFormatted(grid, row, "enabled")).isEqualTo("是");
    }

    @Test
    void adminUnlocksALockedOutUserWhoCanThenLogInAgain() {
        var t = testTenants.create();
        for (int i = 0; i < 5; i++) {
            assertThat(Api.basic(baseUrl(), t.consultantEmail(), "wrong-password-" + i).get("/api/v1/me").status())
                    .isEqualTo(401);
        }
        List.of("127.0.0.1", "0:0:0:0:0:0:0:1", "::1").forEach(throttle::reset);
        assertThat(Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me").status())
                .as("locked out").isEqualTo(401);

        login(t.adminEmail());
        UI.getCurrent().navigate(UsersView.class);
        Grid<UserAccount> grid = usersGrid();
        int row = emails(grid).indexOf(t.consultantEmail());
        assertThat(GridKt._getFormatted(grid, row, "locked")).startsWith("是 (");
        Component adminCell = GridKt._getCellComponent(grid, emails(grid).indexOf(t.adminEmail()), "actions");
        assertThat(_find(adminCell, Button.class, s -> s.withClasses("user-unlock"))).as("only locked users").isEmpty();

        _click(action(grid, row, "user-unlock"));
        assertThat(notificationTexts()).contains("已解锁 " + t.consultantEmail());
        assertThat(GridKt._getFormatted(grid, row, "locked")).isEqualTo("否");
        assertThat(_find(GridKt._getCellComponent(grid, row, "actions"), Button.class, s -> s.withClasses("user-unlock")))
                .isEmpty();
        assertThat(Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me").status())
                .as("unlocked").isEqualTo(200);
    }

    @SuppressWarnings("unchecked")
    private static Grid<UserAccount> usersGrid() {
        return _get(Grid.class, s -> s.withId("users-grid"));
    }

    private static List<String> emails(Grid<UserAccount> grid) {
        return GridKt._findAll(grid).stream().map(UserAccount::email).toList();
    }

    private static Button action(Grid<UserAccount> grid, int row, String className) {
        Component cell = GridKt._getCellComponent(grid, row, "actions");
        return _get(cell, Button.class, s -> s.withClasses(className));
    }
}
