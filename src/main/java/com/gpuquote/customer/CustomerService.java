package com.gpuquote.customer;

import com.gpuquote.shared.I18n;
import com.gpuquote.shared.CreditCode;

import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.customer.internal.CustomerRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.security.Colleague;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Customers of the signed-in user's tenant. Consultants and tenant admins both work with all of them. */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class CustomerService {

    public static final int MAX_CONTACTS = 20;
    /** A billing address is a few lines on an invoice; the column's check constraint holds the same limit (V30). */
    public static final int MAX_BILLING_ADDRESS = 500;

    private final CustomerRepository repository;
    private final AuditLog audit;
    private final OwnerCandidates users;
    private final com.gpuquote.tenancy.TenantService tenants;

    CustomerService(CustomerRepository repository, AuditLog audit, OwnerCandidates users,
                    com.gpuquote.tenancy.TenantService tenants) {
        this.repository = repository;
        this.audit = audit;
        this.users = users;
        this.tenants = tenants;
    }

    /**
     * The language a new customer gets when none is chosen: the tenant's (issue 42: new customers of the English
     * demo tenant defaulted to Chinese).
     */
    @Transactional(readOnly = true)
    public String defaultLanguage() {
        String locale = tenants.current().locale();
        return I18n.ENGLISH_TAG.equals(locale) ? I18n.ENGLISH_TAG : I18n.CHINESE_TAG;
    }

    public record Search(String text, boolean mineOnly) {
        public static final Search ALL = new Search(null, false);
    }

    @Transactional(readOnly = true)
    public List<Customer> search(Search search, int offset, int limit) {
        return repository.search(tenant(), text(search), mineOnly(search), offset, limit);
    }

    @Transactional(readOnly = true)
    public int count(Search search) {
        return repository.count(tenant(), text(search), mineOnly(search));
    }

    @Transactional(readOnly = true)
    public Customer get(CustomerId id) {
        return repository.find(tenant(), id).orElseThrow(() -> new NotFoundException("customer", id));
    }

    @Transactional
    public Customer create(CustomerDraft draft) {
        CustomerDraft d = validate(draft.language() == null || draft.language().isBlank()
                ? new CustomerDraft(draft.name(), draft.creditCode(), draft.billingAddress(), defaultLanguage(),
                        draft.notes(), draft.contacts(), draft.version(), draft.ownerId())
                : draft);
        UserId owner = owner(d.ownerId(), null);
        CustomerId id = new CustomerId(UUID.randomUUID());
        try {
            repository.insert(tenant(), id, d, owner);
        } catch (DuplicateKeyException e) {
            throw duplicateCreditCode();
        }
        audit.record(tenant(), "CUSTOMER_CREATED", "customer", id, Map.of("name", d.name(), "owner", owner.toString()));
        return get(id);
    }

    @Transactional
    public Customer update(CustomerId id, CustomerDraft draft) {
        CustomerDraft d = validate(draft);
        Customer before = get(id);
        if (d.version() == null) {
            throw com.gpuquote.shared.InvalidInputException.of("version", "required", "version is required for updates");
        }
        UserId owner = d.ownerId() == null ? before.ownerId() : owner(d.ownerId(), before.ownerId());
        try {
            if (repository.update(tenant(), id, d, owner) == 0) {
                throw new OptimisticLockingFailureException("customer " + id + " changed concurrently");
            }
        } catch (DuplicateKeyException e) {
            throw duplicateCreditCode();
        }
        audit.record(tenant(), "CUSTOMER_UPDATED", "customer", id, Map.of("name", d.name()));
        if (owner != null && !owner.equals(before.ownerId())) {
            audit.record(tenant(), "CUSTOMER_OWNER_CHANGED", "customer", id, Map.of(
                    "before", before.ownerId() == null ? "" : before.ownerId().toString(), "after", owner.toString()));
        }
        return get(id);
    }

    /**
     * The owner to store: the caller when none is asked for on create; otherwise the requested one, which must be an
     * enabled consultant or admin of this tenant. Only a tenant admin may hand a customer to someone else; a
     * consultant can keep the current owner ({@code current}) or name themselves on create.
     */
    private UserId owner(UserId requested, UserId current) {
        var me = CurrentUser.require();
        if (requested == null) {
            return me.userId();
        }
        boolean admin = me.hasRole(Role.TENANT_ADMIN);
        if (!admin && !requested.equals(me.userId()) && !requested.equals(current)) {
            throw InvalidInputException.of("ownerId", "customer.owner.adminOnly",
                    "Only a tenant admin can give a customer to another consultant");
        }
        if (!requested.equals(current) && users.colleague(requested).isEmpty()) {
            throw InvalidInputException.of("ownerId", "customer.owner.unknown",
                    "The owner must be an active consultant or admin of this tenant");
        }
        return requested;
    }

    /** Who may own a customer: the enabled consultants and tenant admins of the tenant (for the owner picker). */
    @Transactional(readOnly = true)
    public List<Colleague> ownerCandidates(String search, int offset, int limit) {
        return users.colleagues(search, offset, limit);
    }

    private static ConflictException duplicateCreditCode() {
        return new ConflictException("customer.error.creditCodeTaken",
                "Another customer already has this unified social credit code");
    }

    static CustomerDraft validate(CustomerDraft d) {
        Validation v = new Validation();
        String name = d.name() == null ? "" : d.name().trim();
        v.check(!name.isEmpty() && name.length() <= 200, "name", "required", "Company name is required (at most 200 characters)");
        String code = CreditCode.normalise(d.creditCode());
        v.check(code == null || CreditCode.isValid(code), "creditCode", "customer.creditCode",
                "Not a valid unified social credit code (18 characters, check digit)");
        String language = d.language() == null ? I18n.CHINESE_TAG : d.language();
        v.check(I18n.isSupportedTag(language), "language", "customer.language", "Language must be zh-CN or en");
        v.check(d.billingAddress() == null || d.billingAddress().length() <= MAX_BILLING_ADDRESS, "billingAddress", "range",
                "At most " + MAX_BILLING_ADDRESS + " characters");
        v.check(d.notes() == null || d.notes().length() <= 4000, "notes", "range", "At most 4000 characters");
        v.check(d.contacts().size() <= MAX_CONTACTS, "contacts", "range", "At most 20 contacts");
        for (int i = 0; i < d.contacts().size(); i++) {
            Contact c = d.contacts().get(i);
            String field = "contacts[" + i + "]";
            v.check(c.name() != null && !c.name().isBlank() && c.name().length() <= 200, field + ".name", "required", "Contact name is required");
            v.check(c.email() == null || c.email().isBlank() || com.gpuquote.shared.InputRules.isEmail(c.email().trim()), field + ".email", "email", "Not a valid email address");
            v.check(c.phone() == null || c.phone().length() <= 40, field + ".phone", "range", "At most 40 characters");
            v.check(c.role() == null || c.role().length() <= 100, field + ".role", "range", "At most 100 characters");
        }
        v.throwIfInvalid();
        List<Contact> contacts = d.contacts().stream().map(c -> new Contact(c.name().trim(), blankToNull(c.email()),
                blankToNull(c.phone()), blankToNull(c.role()))).toList();
        return new CustomerDraft(name, code, d.billingAddress() == null ? "" : d.billingAddress().trim(), language,
                d.notes() == null ? "" : d.notes(), contacts, d.version(), d.ownerId());
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    private static String text(Search s) {
        return s == null || s.text() == null ? "" : s.text().trim();
    }

    private static UUID mineOnly(Search s) {
        return s != null && s.mineOnly() ? CurrentUser.require().userId().value() : null;
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
