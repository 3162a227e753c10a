package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteTerms;
import com.gpuquote.quote.QuoteTermsService;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 16: an admin keeps terms templates on their screen; a consultant picks one in the quote editor. */
class QuoteTermsViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteTermsService terms;

    World world;

    @BeforeEach
    void world() {
        world = fixtures.world("条款界面客户", "zh-CN");
    }

    @Test
    void anAdminCreatesTheDefaultTermsAndTheSectionErrorsShowAtTheField() {
        login(world.admin());
        UI.getCurrent().navigate(QuoteTermsView.class);
        QuoteTermsView view = _get(QuoteTermsView.class);
        _click(view.create);
        _setValue(_get(TextField.class, spec -> spec.withId("terms-name")), "标准条款");
        _setValue(_get(TextArea.class, spec -> spec.withId("terms-zh-payment")), "x".repeat(2001));
        _click(_get(Button.class, spec -> spec.withId("terms-save")));
        TextArea payment = _get(TextArea.class, spec -> spec.withId("terms-zh-payment"));
        assertThat(payment.isInvalid()).isTrue();
        _setValue(payment, "签约后 5 个工作日内预付首月");
        _setValue(_get(com.vaadin.flow.component.checkbox.Checkbox.class, spec -> spec.withId("terms-default")), true);
        _click(_get(Button.class, spec -> spec.withId("terms-save")));

        List<QuoteTerms> saved = fixtures.as(world.admin(), () -> terms.list());
        assertThat(saved).hasSize(1);
        assertThat(saved.get(0).isDefault()).isTrue();
        assertThat(saved.get(0).render(Locale.SIMPLIFIED_CHINESE)).isEqualTo("付款条件：签约后 5 个工作日内预付首月");
        assertThat(view.grid.getGenericDataView().getItems().toList()).extracting(QuoteTerms::name)
                .containsExactly("标准条款");
    }

    @Test
    void aConsultantChoosesTheTermsOfADraftInTheEditor() {
        QuoteTerms special = fixtures.as(world.admin(), () -> terms.save(null, new QuoteTerms(null, "大客户条款",
                new QuoteTerms.Sections("月结 60 天", null, null, null), null, false)));
        login(world.consultant());
        QuoteDetails q = fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(world.project().id(), null,
                List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.A10,
                        QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)), List.of())))));
        UI.getCurrent().navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()));
        @SuppressWarnings("unchecked")
        Select<com.gpuquote.quote.QuoteTermsId> select = _get(Select.class, spec -> spec.withId("quote-terms"));
        assertThat(select.getValue()).isNull(); // the tenant default until one is chosen
        _setValue(select, special.id());
        assertThat(fixtures.as(world.consultant(), () -> terms.chosen(q.id()))).contains(special.id());
        assertThat(fixtures.as(world.consultant(), () -> terms.documentText(q.id(), Locale.SIMPLIFIED_CHINESE)))
                .contains("付款条件：月结 60 天");
    }
}
