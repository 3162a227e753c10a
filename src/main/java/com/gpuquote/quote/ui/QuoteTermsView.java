package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteTerms;
import com.gpuquote.quote.QuoteTermsService;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.ui.Confirm;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

/**
 * Tenant admins: the terms templates quotes print (issue 16): payment terms, delivery, SLA and validity, in Chinese
 * and English, one of them the default for quotes without a choice. Same rules as {@code /api/v1/quote-terms}.
 */
@Route("quote-terms")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 335, title = "quote.terms.nav", icon = "vaadin:file-text")
public class QuoteTermsView extends VerticalLayout implements HasDynamicTitle {

    private final QuoteTermsService terms;
    final Grid<QuoteTerms> grid = new Grid<>(QuoteTerms.class, false);
    final Button create = new Button();

    public QuoteTermsView(QuoteTermsService terms) {
        this.terms = terms;
        setSizeFull();
        H2 title = new H2(getTranslation("quote.terms.title"));
        title.addClassName("view-heading");
        create.setText(getTranslation("quote.terms.new"));
        create.setIcon(VaadinIcon.PLUS.create());
        create.setId("terms-new");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        create.addClickListener(e -> edit(null));
        grid.setId("terms-grid");
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.addColumn(QuoteTerms::name).setKey("name").setHeader(getTranslation("quote.terms.name")).setFlexGrow(1);
        grid.addColumn(t -> t.isDefault() ? getTranslation("quote.terms.default") : "").setKey("default")
                .setHeader(getTranslation("quote.terms.default")).setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(t -> preview(t)).setKey("preview").setHeader(getTranslation("quote.terms.payment")).setFlexGrow(2);
        grid.addComponentColumn(this::actions).setKey("actions").setHeader(getTranslation("shared.actions"))
                .setAutoWidth(true).setFlexGrow(0);
        add(title, create, grid);
        refresh();
    }

    private static String preview(QuoteTerms t) {
        String s = t.zh().payment() != null ? t.zh().payment() : t.en().payment() == null ? "" : t.en().payment();
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }

    private Component actions(QuoteTerms t) {
        Button edit = new Button(getTranslation("quote.terms.edit"), e -> edit(t));
        edit.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE);
        Button delete = new Button(getTranslation("quote.terms.delete"), e -> Confirm.ask(
                getTranslation("quote.terms.delete"), t.name(), getTranslation("quote.terms.delete"), true, () -> {
                    if (QuoteUi.attempt(() -> terms.delete(t.id()))) {
                        refresh();
                    }
                }));
        delete.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ERROR);
        return new HorizontalLayout(edit, delete);
    }

    private void edit(QuoteTerms existing) {
        new QuoteTermsDialog(existing, draft -> {
            QuoteTerms saved = terms.save(existing == null ? null : existing.id(), draft);
            Notifications.success(getTranslation("quote.terms.saved", saved.name()));
            refresh();
        }).open();
    }

    void refresh() {
        grid.setItems(terms.list());
    }

    @Override
    public String getPageTitle() {
        return getTranslation("quote.terms.title") + " | GpuQuote";
    }
}
