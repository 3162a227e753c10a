package com.gpuquote.pricing.agreement;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.pricing.agreement.internal.AgreementRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.tenancy.TenantId;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Negotiated pricing agreements of a customer. Tenant admins create and change them (audited with before/after);
 * consultants read them (the quote pricer applies the one in force). Agreements of one customer never overlap
 * (database exclusion constraint; answered 409).
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class AgreementService {

    private final AgreementRepository repository;
    private final CustomerService customers;
    private final AuditLog audit;

    AgreementService(AgreementRepository repository, CustomerService customers, AuditLog audit) {
        this.repository = repository;
        this.customers = customers;
        this.audit = audit;
    }

    /** All agreements of the customer, newest validity first. */
    @Transactional(readOnly = true)
    public List<CustomerAgreement> list(CustomerId customerId) {
        customers.get(customerId); // another tenant's customer answers 404
        return repository.list(tenant(), customerId);
    }

    @Transactional(readOnly = true)
    public CustomerAgreement get(AgreementId id) {
        return repository.find(tenant(), id).orElseThrow(() -> new NotFoundException("agreement", id));
    }

    /** The customer's agreement covering {@code date}, if any (at most one: agreements never overlap). */
    @Transactional(readOnly = true)
    public Optional<CustomerAgreement> inForce(CustomerId customerId, LocalDate date) {
        return repository.inForce(tenant(), customerId, date);
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public CustomerAgreement create(CustomerId customerId, AgreementDraft draft) {
        customers.get(customerId);
        String name = validate(draft);
        AgreementId id = new AgreementId(UUID.randomUUID());
        try {
            repository.insert(tenant(), id, customerId, name, draft.validFrom(), draft.validTo(), draft.rules(),
                    CurrentUser.require().userId());
        } catch (DataIntegrityViolationException e) {
            throw translate(e);
        }
        CustomerAgreement created = get(id);
        audit.record(tenant(), "AGREEMENT_CREATED", "agreement", id,
                Map.of("customer", customerId.toString(), "after", describe(created)));
        return created;
    }

    /** Replaces name, validity and rules; {@code draft.version()} must be the version read. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public CustomerAgreement update(AgreementId id, AgreementDraft draft) {
        CustomerAgreement before = get(id);
        String name = validate(draft);
        if (draft.version() == null) {
            throw InvalidInputException.of("version", "required", "version is required for updates");
        }
        try {
            if (repository.update(tenant(), id, name, draft.validFrom(), draft.validTo(), draft.rules(),
                    draft.version()) == 0) {
                throw new OptimisticLockingFailureException("agreement " + id + " changed concurrently");
            }
        } catch (DataIntegrityViolationException e) {
            throw translate(e);
        }
        CustomerAgreement after = get(id);
        audit.record(tenant(), "AGREEMENT_UPDATED", "agreement", id, Map.of("customer",
                before.customerId().toString(), "before", describe(before), "after", describe(after)));
        return after;
    }

    private static String validate(AgreementDraft draft) {
        List<FieldError> errors = new ArrayList<>();
        String name = draft.name() == null ? "" : draft.name().strip();
        if (name.isEmpty() || name.length() > 200) {
            errors.add(new FieldError("name", "required", "Name is required (at most 200 characters)"));
        }
        errors.addAll(AgreementMessages.toFieldErrors(draft.terms().validate()));
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        return name;
    }

    private static RuntimeException translate(DataIntegrityViolationException e) {
        String message = String.valueOf(e.getMostSpecificCause().getMessage());
        if (message.contains("agreements_no_overlap")) {
            return new ConflictException("customer.agreement.error.overlap",
                    "The customer already has an agreement in force during this period");
        }
        return e;
    }

    static Map<String, Object> describe(CustomerAgreement a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", a.name());
        m.put("validFrom", a.validFrom().toString());
        m.put("validTo", a.validTo() == null ? null : a.validTo().toString());
        m.put("rules", a.rules().stream().map(AgreementRule::describe).toList());
        return m;
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
