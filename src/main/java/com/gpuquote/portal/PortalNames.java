package com.gpuquote.portal;

import com.gpuquote.shared.I18n;
import org.jspecify.annotations.Nullable;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDirectory;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.security.UserId;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantDirectory;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantStatus;
import com.gpuquote.user.UserDirectory;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * What the portal shows and mails about the reseller, the customer and the consultant, read through the owning
 * features' directories (the portal owns no SQL on their tables; ArchitectureTest keeps it so).
 */
@Component
class PortalNames {

    record Person(String name, String email) {
    }

    private final TenantDirectory tenants;
    private final CustomerDirectory customers;
    private final UserDirectory users;

    PortalNames(TenantDirectory tenants, CustomerDirectory customers, UserDirectory users) {
        this.tenants = tenants;
        this.customers = customers;
        this.users = users;
    }

    /** A tenant that is gone counts as suspended: the portal refuses rather than serves it. */
    boolean tenantSuspended(TenantId tenant) {
        return tenants.find(tenant).map(Tenant::status).orElse(TenantStatus.SUSPENDED) == TenantStatus.SUSPENDED;
    }

    com.gpuquote.tenancy.TenantProfile tenantProfile(TenantId tenant) {
        return tenants.profile(tenant);
    }

    /** The buyer block of the customer's documents: legal name, credit code, address, first contact. */
    com.gpuquote.quote.pdf.QuotePdfData.@Nullable Buyer buyer(TenantId tenant, CustomerId customer) {
        return customers.find(tenant, customer).map(c -> new com.gpuquote.quote.pdf.QuotePdfData.Buyer(c.name(),
                c.creditCode(), c.billingAddress(), c.contacts().isEmpty() ? null : java.util.stream.Stream.of(
                        c.contacts().get(0).name(), c.contacts().get(0).phone(), c.contacts().get(0).email())
                        .filter(v -> v != null && !v.isBlank()).collect(java.util.stream.Collectors.joining(" · "))))
                .orElse(null);
    }

    String tenantName(TenantId tenant) {
        return tenants.find(tenant).map(Tenant::name).orElseThrow();
    }

    String customerLanguage(TenantId tenant, CustomerId customer) {
        return customers.find(tenant, customer).map(Customer::language).orElse(I18n.CHINESE_TAG);
    }

    /** The customer's first contact with an e-mail (the one the portal link is mailed to). */
    Optional<Person> customerContact(TenantId tenant, CustomerId customer) {
        return contacts(tenant, customer).stream().filter(c -> hasEmail(c))
                .map(c -> new Person(c.name(), c.email())).findFirst();
    }

    /** Every distinct e-mail among the customer's contacts, in contact order (who hears of an answer). */
    List<String> customerContactEmails(TenantId tenant, CustomerId customer) {
        return contacts(tenant, customer).stream().filter(PortalNames::hasEmail).map(Contact::email).distinct().toList();
    }

    Optional<Person> user(TenantId tenant, UserId user) {
        return users.find(tenant, user).map(u -> new Person(u.displayName(), u.email()));
    }

    Map<UserId, String> displayNames(TenantId tenant, Collection<UUID> userIds) {
        return users.displayNames(tenant, userIds.stream().filter(java.util.Objects::nonNull).map(UserId::new)
                .distinct().toList());
    }

    private List<Contact> contacts(TenantId tenant, CustomerId customer) {
        return customers.find(tenant, customer).map(Customer::contacts).orElse(List.of());
    }

    private static boolean hasEmail(Contact c) {
        return c.email() != null && !c.email().isBlank();
    }
}
