package com.gpuquote.customer;

import com.gpuquote.customer.internal.CustomerRepository;
import com.gpuquote.tenancy.TenantId;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.util.Optional;

/**
 * Narrow read hook for features that act for a customer without a signed-in staff user (the customer portal: the
 * customer's language and contacts), inside the caller's tenant-scoped transaction. Other features read customers
 * through this or {@link CustomerService}, never through SQL on {@code customers} or {@code customer_contacts}.
 */
@Component
public class CustomerDirectory {

    private final CustomerRepository repository;

    CustomerDirectory(CustomerRepository repository) {
        this.repository = repository;
    }

    @Transactional(propagation = Propagation.MANDATORY, readOnly = true)
    public Optional<Customer> find(TenantId tenant, CustomerId id) {
        return repository.find(tenant, id);
    }
}
