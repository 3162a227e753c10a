package com.gpuquote.pricing.agreement.ui;

import com.gpuquote.customer.Customer;
import com.gpuquote.customer.ui.CustomerSection;
import com.gpuquote.pricing.agreement.AgreementService;
import com.vaadin.flow.component.Component;
import org.springframework.core.annotation.Order;

/** The customer's agreements on the customer page (ADR 1406): pricing contributes it, so customer does not depend on pricing. */
@org.springframework.stereotype.Component
@Order(100)
class AgreementsCustomerSection implements CustomerSection {

    private final AgreementService agreements;

    private final java.time.Clock clock;

    AgreementsCustomerSection(AgreementService agreements, java.time.Clock clock) {
        this.agreements = agreements;
        this.clock = clock;
    }

    @Override
    public Component render(Customer customer) {
        return new AgreementsSection(agreements, customer.id(), clock);
    }
}
