package com.gpuquote.pricing.agreement.ui;

import com.gpuquote.pricing.agreement.AgreementRuleText;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.pricing.agreement.CustomerAgreement;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.Role;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;

import java.util.stream.Collectors;

/** The customer's agreements on the customer page; tenant admins create and edit them. */
class AgreementsSection extends VerticalLayout {

    final Grid<CustomerAgreement> grid = new Grid<>(CustomerAgreement.class, false);
    private final AgreementService service;
    private final CustomerId customer;

    AgreementsSection(AgreementService service, CustomerId customer, java.time.Clock clock) {
        this.service = service;
        this.customer = customer;
        setPadding(false);
        boolean admin = CurrentUser.get().map(u -> u.hasRole(Role.TENANT_ADMIN)).orElse(false);
        grid.setId("agreements");
        grid.setAllRowsVisible(true);
        grid.addColumn(CustomerAgreement::name).setHeader(getTranslation("customer.agreement.name"));
        grid.addColumn(a -> a.validFrom() + " – " + (a.validTo() == null ? "∞" : a.validTo().toString()))
                .setHeader(getTranslation("customer.agreement.validity"));
        grid.addColumn(a -> a.rules().stream().map(r -> AgreementRuleText.of(r, getLocale()))
                        .collect(Collectors.joining(getTranslation("customer.agreement.rules.separator"))))
                .setHeader(getTranslation("customer.agreement.rules")).setKey("rules").setFlexGrow(3);
        Button create = new Button(getTranslation("customer.agreement.new"), VaadinIcon.PLUS.create(),
                e -> new AgreementDialog(service, customer, null, saved -> refresh(), clock).open());
        create.setId("new-agreement");
        create.setVisible(admin);
        if (admin) {
            grid.addItemClickListener(e -> new AgreementDialog(service, customer, e.getItem(), saved -> refresh(), clock).open());
        }
        add(new HorizontalLayout(new H3(getTranslation("customer.agreements")), create), grid);
        refresh();
    }

    void refresh() {
        grid.setItems(service.list(customer));
    }
}
