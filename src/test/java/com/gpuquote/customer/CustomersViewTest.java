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
        // on the field, in words; no toast naming the internal field (issue 42)
        TextField creditCode = _get(TextField.class, spec -> spec.withId("customer-credit-code"));
        assertThat(creditCode.isInvalid()).isTrue();
        assertThat(creditCode.getErrorMessage()).isEqualTo("统一社会信用代码无效（应为 18 位且校验位正确）");
        assertThat(notificationTexts()).noneMatch(n -> n.contains("creditCode"));
        // the dialog stays open with what was typed; correcting the code clears the mark on the next save
        _setValue(creditCode, "91110000MA01ABCD1M");
        _click(_get(Button.class, spec -> spec.withId("save-customer")));
        assertThat(UI.getCurrent().getInternals().getActiveRouterTargetsChain().get(0)).isInstanceOf(CustomerDetailView.class);
    }

    @Test
    void everyBadFieldIsMarkedOnItselfAndNothingIsSaved() {
        var t = testTenants.create();
        login(t.consultantEmail());
        UI.getCurrent().navigate(CustomersView.class);
        _click(_get(Button.class, spec -> spec.withId("new-customer")));
        _setValue(_get(TextField.class, spec -> spec.withId("customer-credit-code")), "12345");
        _click(_get(Button.class, spec -> spec.withId("add-contact")));
        com.vaadin.flow.component.textfield.EmailField email =
                _get(com.vaadin.flow.component.textfield.EmailField.class);
        _setValue(email, "not-an-address");
        _click(_get(Button.class, spec -> spec.withId("save-customer")));
        TextField name = _get(TextField.class, spec -> spec.withId("customer-name"));
        assertThat(name.isInvalid()).isTrue();
        assertThat(name.getErrorMessage()).isEqualTo("必填");
        assertThat(_get(TextField.class, spec -> spec.withId("customer-credit-code")).isInvalid()).isTrue();
        assertThat(email.isInvalid()).isTrue();
        assertThat(email.getErrorMessage()).isEqualTo("邮箱格式不正确");
        // the contact's empty name is marked on its own field too
        TextField contactName = _get(TextField.class, spec -> spec.withLabel("姓名"));
        assertThat(contactName.isInvalid()).isTrue();
        assertThat(notificationTexts()).isEmpty();
        _click(_get(Button.class, spec -> spec.withText("取消")));
        @SuppressWarnings("unchecked")
        Grid<Customer> grid = _get(Grid.class);
        assertThat(_size(grid)).isZero();
    }

    @Test
    void aCreditCodeAnotherCustomerHasIsMarkedOnTheField() {
        var t = testTenants.create();
        login(t.consultantEmail());
        UI.getCurrent().navigate(CustomersView.class);
        for (String companyName : new String[] {"先到公司", "后到公司"}) {
            _click(_get(Button.class, spec -> spec.withId("new-customer")));
            _setValue(_get(TextField.class, spec -> spec.withId("customer-name")), companyName);
            _setValue(_get(TextField.class, spec -> spec.withId("customer-credit-code")), "91110000MA01ABCD1M");
            _click(_get(Button.class, spec -> spec.withId("save-customer")));
            if (companyName.equals("先到公司")) {
                UI.getCurrent().navigate(CustomersView.class);
            }
        }
        TextField creditCode = _get(TextField.class, spec -> spec.withId("customer-credit-code"));
        assertThat(creditCode.isInvalid()).isTrue();
        assertThat(creditCode.getErrorMessage()).isEqualTo("已有客户使用该统一社会信用代码。");
    }

    @Test
    void aNewCustomerOfAnEnglishTenantDefaultsToEnglish() {
        var english = testTenants.create("en");
        login(english.consultantEmail());
        UI.getCurrent().navigate(CustomersView.class);
        _click(_get(Button.class, spec -> spec.withId("new-customer")));
        @SuppressWarnings("unchecked")
        com.vaadin.flow.component.select.Select<String> language = _get(com.vaadin.flow.component.select.Select.class,
                spec -> spec.withId("customer-language"));
        assertThat(language.getValue()).isEqualTo("en");
        _click(_get(Button.class, spec -> spec.withText("Cancel")));
        logout();
        var chinese = testTenants.create("zh-CN");
        login(chinese.consultantEmail());
        UI.getCurrent().navigate(CustomersView.class);
        _click(_get(Button.class, spec -> spec.withId("new-customer")));
        @SuppressWarnings("unchecked")
        com.vaadin.flow.component.select.Select<String> zh = _get(com.vaadin.flow.component.select.Select.class,
                spec -> spec.withId("customer-language"));
        assertThat(zh.getValue()).isEqualTo("zh-CN");
    }

    @Test
    void aProjectWithoutANameIsMarkedOnTheNameField() {
        var t = testTenants.create();
        login(t.consultantEmail());
        UI.getCurrent().navigate(CustomersView.class);
        _click(_get(Button.class, spec -> spec.withId("new-customer")));
        _setValue(_get(TextField.class, spec -> spec.withId("customer-name")), "项目测试公司");
        _click(_get(Button.class, spec -> spec.withId("save-customer")));
        _click(_get(Button.class, spec -> spec.withId("new-project")));
        _click(_get(Button.class, spec -> spec.withId("create-project")));
        TextField name = _get(TextField.class, spec -> spec.withId("project-name"));
        assertThat(name.isInvalid()).isTrue();
        assertThat(name.getErrorMessage()).isEqualTo("必填");
        assertThat(notificationTexts()).containsExactly("已保存"); // the customer's, before
    }
}
