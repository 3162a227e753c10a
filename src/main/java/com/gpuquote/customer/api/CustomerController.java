package com.gpuquote.customer.api;

import com.gpuquote.shared.Paging;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.security.UserId;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

@RestController
@RequestMapping("/api/v1/customers")
@Tag(name = "Customers")
class CustomerController {

    record ContactJson(String name, String email, String phone, String role) {
        static ContactJson of(Contact c) {
            return new ContactJson(c.name(), c.email(), c.phone(), c.role());
        }

        Contact toContact() {
            return new Contact(name, email, phone, role);
        }
    }

    /** {@code ownerId} optional: omitted keeps the owner (the creator on create); only tenant admins may reassign. */
    record CustomerBody(String name, String creditCode, String billingAddress, String language, String notes,
                        List<ContactJson> contacts, Integer version, UUID ownerId) {
        CustomerDraft toDraft() {
            return new CustomerDraft(name, creditCode, billingAddress, language, notes,
                    contacts == null ? List.of() : contacts.stream().map(ContactJson::toContact).toList(), version,
                    ownerId == null ? null : new UserId(ownerId));
        }
    }

    record CustomerJson(UUID id, String name, String creditCode, String billingAddress, String language,
                        UUID ownerId, String ownerName, String notes, List<ContactJson> contacts, Instant createdAt,
                        int version) {
        static CustomerJson of(Customer c) {
            return new CustomerJson(c.id().value(), c.name(), c.creditCode(), c.billingAddress(), c.language(),
                    c.ownerId() == null ? null : c.ownerId().value(), c.ownerName(), c.notes(),
                    c.contacts().stream().map(ContactJson::of).toList(), c.createdAt(), c.version());
        }
    }

    /** The largest page one request may ask for: a client pages on with {@code offset} instead of one huge answer. */
    static final int MAX_LIMIT = 500;

    private final CustomerService customers;

    CustomerController(CustomerService customers) {
        this.customers = customers;
    }

    @GetMapping
    @Operation(summary = "Search customers (name, credit code, contact name or email)")
    List<CustomerJson> list(@RequestParam(required = false) @Nullable String q,
                            @RequestParam(defaultValue = "false") boolean mine,
                            @RequestParam(defaultValue = "0") int offset,
                            @RequestParam(defaultValue = "100") int limit) {
        return customers.search(new CustomerService.Search(q, mine), offset, Paging.limit(offset, limit, MAX_LIMIT))
                .stream().map(CustomerJson::of).toList();
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create a customer with contacts")
    CustomerJson create(@RequestBody CustomerBody body) {
        return CustomerJson.of(customers.create(body.toDraft()));
    }

    @GetMapping("/{id}")
    CustomerJson get(@PathVariable UUID id) {
        return CustomerJson.of(customers.get(new CustomerId(id)));
    }

    @PutMapping("/{id}")
    @Operation(summary = "Update a customer (send the version you read)")
    CustomerJson update(@PathVariable UUID id, @RequestBody CustomerBody body) {
        return CustomerJson.of(customers.update(new CustomerId(id), body.toDraft()));
    }
}
