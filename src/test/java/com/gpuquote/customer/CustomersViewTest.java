package com.gpuquote.customer;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.ui.CustomerDetailView;
import com.gpuquote.customer.ui.CustomersView;
import com.gpuquote.customer.ui.ProjectDetailView;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.textfield.TextField;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static com.github.mvysny.kaributesting.v10.NotificationsKt.expectNotifications;
import static org.assertj.core.api.Assertions.assertThat;

class CustomersViewTest extends KaribuTest {

    @Autowired
    TestTenants testTenants;

    @Test
    void consultantCreatesACustomerThenAProjectFromTheBrowser() {
        var t = testTenants.create();
        login(t.consultantEmail());
        UI.getCurrent().navigate(CustomersView.class);
        _click(_get(Button.class, spec -> spec.withId("new-customer")));
        _setValue(_get(TextField.class, spec -> spec.withId("customer-name")), "上海算力科技有限公司");
        _setValue(_get(TextField.class, spec -> spec.withId("customer-credit-code")), "91110000MA01ABCD1M");
        _click(_get(Button.class, spec -> spec.withId("save-customer")));

        // saving opens the customer page
        assertThat(UI.getCurrent().getInternals().getActiveRouterTargetsChain().get(0)).isInstanceOf(CustomerDetailView.class);
        assertThat(_get(H2.class).getText()).isEqualTo("上海算力科技有限公司");

        _click(_get(Button.class, spec -> spec.withId("new-project")));
        _setValue(_get(TextField.class, spec -> spec.withId("project-name")), "Llama 3 推理");
        _click(_get(Button.class, spec -> spec.withId("create-project")));
        assertThat(UI.getCurrent().getInternals().getActiveRouterTargetsChain().get(0)).isInstanceOf(ProjectDetailView.class);
        assertThat(_get(H2.class, spec -> spec.withId("project-title")).getText()).isEqualTo("Llama 3 推理");
    }

    @Test
    void invalidCreditCodeIsReportedByFieldAndNothingIsSaved() {
        var t = testTenants.create();
        login(t.consultantEmail());
        UI.getCurrent().navigate(CustomersView.class);
        _click(_get(Button.class, spec -> spec.withId("new-customer")));
        _setValue(_get(TextField.class, spec -> spec.withId("customer-name")), "坏代码公司");
        _setValue(_get(TextField.class, spec -> spec.withId("customer-credit-code")), "91110000MA01ABCD1N");
        _click(_get(Button.class, spec -> spec.withId("save-customer")));
        expectNotifications("creditCode: 统一社会信用代码无效（应为 18 位且校验位正确）");
        @SuppressWarnings("unchecked")
        Grid<Customer> grid = _get(Grid.class);
        assertThat(_size(grid)).isZero();
    }
}
