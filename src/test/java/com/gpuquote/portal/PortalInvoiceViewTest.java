package com.gpuquote.portal;

import com.gpuquote.KaribuTest;
import com.gpuquote.portal.internal.PortalThrottle;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.EmailField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16: the customer fills the invoice details (开票信息) in the portal's accept form; the server's errors show
 * at the fields and nothing is accepted; once valid, the acceptance record, the reseller's portal page and the
 * orders view show them.
 */
class PortalInvoiceViewTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    CustomerPortal customerPortal;

    @BeforeEach
    void resetThrottle() {
        throttle.reset("127.0.0.1");
        logout();
    }

    private static String status() {
        return _get(Span.class, s -> s.withId("portal-status")).getElement().getAttribute("data-status");
    }

    private static TextField field(String name) {
        return _get(TextField.class, f -> f.withId("portal-invoice-" + name));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theCustomerFillsASpecialInvoiceSeesErrorsAtTheFieldsThenAccepts() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        UI.getCurrent().navigate("portal/q/" + s.token());
        _click(_get(Button.class, b -> b.withId("portal-choose-B")));
        _setValue(_get(TextField.class, f -> f.withId("portal-signer-name")), "张三");
        _setValue(_get(EmailField.class, f -> f.withId("portal-signer-email")), "zhang@customer.example");
        _setValue(_get(Checkbox.class, c -> c.withId("portal-agree")), true);
        var section = _get(VerticalLayout.class, d -> d.withId("portal-invoice"));
        var details = section.getChildren().filter(c -> c.getId().filter("portal-invoice-details"::equals).isPresent())
                .findFirst().orElseThrow();
        assertThat(details.isVisible()).as("hidden until the customer asks for an invoice").isFalse();

        _setValue(_get(Checkbox.class, c -> c.withId("portal-invoice-wanted")), true);
        assertThat(details.isVisible()).isTrue();
        Select<InvoiceType> type = _get(Select.class, sel -> sel.withId("portal-invoice-type"));
        assertThat(type.getValue()).isEqualTo(InvoiceType.NORMAL);
        assertThat(type.getLabel()).isEqualTo("发票类型");
        assertThat(type.getItemLabelGenerator().apply(InvoiceType.SPECIAL)).isEqualTo("增值税专用发票（专票）");
        _setValue(type, InvoiceType.SPECIAL);
        assertThat(field("bank").isRequiredIndicatorVisible()).isTrue();
        assertThat(field("taxId").getLabel()).isEqualTo("纳税人识别号（统一社会信用代码）");
        _setValue(field("title"), "深度智算科技有限公司");
        _setValue(field("taxId"), PortalInvoiceApiTest.BAD_CHECK); // check character 4, should be 3
        _setValue(field("address"), "北京市海淀区中关村大街 1 号");
        _setValue(field("phone"), "010-12345678");
        _setValue(field("account"), "110912345610101");
        _click(_get(Button.class, b -> b.withId("portal-accept")));

        assertThat(status()).as("nothing accepted").isEqualTo("VIEWED");
        assertThat(field("taxId").isInvalid()).isTrue();
        assertThat(field("taxId").getErrorMessage()).isEqualTo("不是有效的统一社会信用代码（18 位，校验位按 GB 32100-2015）");
        assertThat(field("bank").isInvalid()).isTrue();
        assertThat(field("bank").getErrorMessage()).isEqualTo("必填");
        assertThat(field("title").isInvalid()).isFalse();
        assertThat(field("title").getValue()).as("what was typed stays").isEqualTo("深度智算科技有限公司");

        _setValue(field("taxId"), PortalInvoiceApiTest.VALID);
        _setValue(field("bank"), "招商银行北京分行");
        _click(_get(Button.class, b -> b.withId("portal-accept")));

        assertThat(status()).isEqualTo("ACCEPTED");
        assertThat(_get(Div.class, d -> d.withId("portal-acceptance-invoice")).getElement().getTextRecursively())
                .contains("增值税专用发票（专票）").contains("深度智算科技有限公司").contains(PortalInvoiceApiTest.VALID)
                .contains("招商银行北京分行 110912345610101");

        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate("quotes/" + s.quoteId() + "/portal");
        assertThat(_get(Div.class, d -> d.withId("portal-acceptance-invoice")).getElement().getTextRecursively())
                .contains("开票信息：增值税专用发票（专票），深度智算科技有限公司，纳税人识别号 " + PortalInvoiceApiTest.VALID)
                .contains("地址、电话：北京市海淀区中关村大街 1 号 010-12345678；开户行及账号：招商银行北京分行 110912345610101");

        UI.getCurrent().navigate("orders");
        com.vaadin.flow.component.grid.Grid<Object> grid = _get(com.vaadin.flow.component.grid.Grid.class,
                g -> g.withId("orders-grid"));
        int rows = com.github.mvysny.kaributesting.v10.GridKt._size(grid);
        assertThat(rows).isGreaterThanOrEqualTo(1);
        assertThat(com.github.mvysny.kaributesting.v10.GridKt._getFormattedRow(grid, 0))
                .contains("增值税专用发票（专票） · 深度智算科技有限公司 · " + PortalInvoiceApiTest.VALID);
    }

    @Test
    void theQuoteEditorsAcceptedBannerShowsTheInvoiceDetails() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        customerPortal.accept(s.token(), new AcceptRequest(java.util.UUID.fromString(s.optionId("A")), "张三",
                "zhang@customer.example", true, new AcceptRequest.Invoice("上海算力有限公司", PortalInvoiceApiTest.VALID_2,
                null, null, null, null, "NORMAL")));
        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate(com.gpuquote.quote.ui.QuoteEditorView.class,
                new com.vaadin.flow.router.RouteParameters("id", s.quoteId().toString()));
        assertThat(_get(Div.class, d -> d.withId("quote-acceptance-invoice")).getElement().getTextRecursively())
                .isEqualTo("开票信息：增值税普通发票（普票），上海算力有限公司，纳税人识别号 " + PortalInvoiceApiTest.VALID_2);

        PortalFixtures.Sent plain = fixtures.sentQuote(s.tenant(), s.customer());
        customerPortal.accept(plain.token(), new AcceptRequest(java.util.UUID.fromString(plain.optionId("A")), "张三",
                "zhang@customer.example", true));
        UI.getCurrent().navigate(com.gpuquote.quote.ui.QuoteEditorView.class,
                new com.vaadin.flow.router.RouteParameters("id", plain.quoteId().toString()));
        _get(Div.class, d -> d.withId("quote-acceptance"));
        assertThat(_find(Div.class, d -> d.withId("quote-acceptance-invoice"))).isEmpty();
    }

    @Test
    void withoutTickingTheInvoiceBoxTheAcceptanceHasNone() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        UI.getCurrent().navigate("portal/q/" + s.token());
        _click(_get(Button.class, b -> b.withId("portal-choose-A")));
        _setValue(_get(TextField.class, f -> f.withId("portal-signer-name")), "张三");
        _setValue(_get(EmailField.class, f -> f.withId("portal-signer-email")), "zhang@customer.example");
        _setValue(_get(Checkbox.class, c -> c.withId("portal-agree")), true);
        _click(_get(Button.class, b -> b.withId("portal-accept")));
        assertThat(status()).isEqualTo("ACCEPTED");
        assertThat(_find(Div.class, d -> d.withId("portal-acceptance-invoice"))).isEmpty();

        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate("quotes/" + s.quoteId() + "/portal");
        assertThat(_get(com.vaadin.flow.component.html.Paragraph.class, p -> p.withId("portal-acceptance-invoice"))
                .getText()).isEqualTo("未提供开票信息");
    }
}
