package com.gpuquote.customer;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.quote.AsUser;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A one- or two-character term's customer page is first looked for among the first customers in list order and
 * otherwise read through the id lookup (ADR 1853): every page must be the slice of the full list whichever way it is
 * read, with matches by name and by a contact only. 20 customers "Nordic nn", 10 "深圳 nn" and "Kilo", whose contact
 * is called 深海; by name (lower case) the list is Kilo, Nordic 00..19, 深圳 00..09.
 */
class CustomerTextSearchPagesTest extends IntegrationTest {

    @Autowired
    TestTenants tenants;
    @Autowired
    AsUser as;
    @Autowired
    CustomerService customers;

    @Test
    void everyPageOfAShortTermIsTheSliceOfTheFullList() throws SQLException {
        TestTenants.TestTenant t = tenants.create();
        List<String> nordic = new ArrayList<>();
        List<String> shenzhen = new ArrayList<>();
        try (Connection c = TestDatabase.adminConnection()) {
            for (int i = 0; i < 20; i++) {
                nordic.add(insert(c, t, "Nordic %02d".formatted(i), null));
            }
            for (int i = 0; i < 10; i++) {
                shenzhen.add(insert(c, t, "深圳 %02d".formatted(i), null));
            }
            insert(c, t, "Kilo", "深海");
        }
        List<String> deep = new ArrayList<>(List.of("Kilo"));
        deep.addAll(shenzhen);
        as.run(t.adminEmail(), () -> {
            CustomerService.Search term = new CustomerService.Search("深", false);
            assertThat(customers.count(term)).isEqualTo(11);
            assertThat(names(customers.search(term, 0, 100))).containsExactlyElementsOf(deep);
            for (int offset = 0; offset < 12; offset++) {
                assertThat(names(customers.search(term, offset, 1))).as("深 at offset " + offset)
                        .containsExactlyElementsOf(deep.subList(Math.min(offset, 11), Math.min(offset + 1, 11)));
            }
            assertThat(names(customers.search(term, 5, 5))).containsExactlyElementsOf(deep.subList(5, 10));
            assertThat(names(customers.search(term, 10, 5))).containsExactlyElementsOf(deep.subList(10, 11));
            CustomerService.Search no = new CustomerService.Search("nO", false);
            assertThat(names(customers.search(no, 0, 100))).containsExactlyElementsOf(nordic);
            assertThat(names(customers.search(no, 19, 5))).containsExactly("Nordic 19");
            // spaces typed around the term are ignored on both paths and by the count
            CustomerService.Search spaced = new CustomerService.Search(" 深 ", false);
            assertThat(customers.count(spaced)).isEqualTo(11);
            assertThat(names(customers.search(spaced, 0, 5))).containsExactlyElementsOf(deep.subList(0, 5));
            assertThat(names(customers.search(spaced, 10, 5))).containsExactly("深圳 09");
        });
    }

    private static List<String> names(List<Customer> page) {
        return page.stream().map(Customer::name).toList();
    }

    private static String insert(Connection c, TestTenants.TestTenant t, String name, String contact)
            throws SQLException {
        UUID id = UUID.randomUUID();
        try (PreparedStatement st = c.prepareStatement("insert into customers (tenant_id, id, name) values (?, ?, ?)")) {
            st.setObject(1, t.tenant().id().value());
            st.setObject(2, id);
            st.setString(3, name);
            st.executeUpdate();
        }
        if (contact != null) {
            try (PreparedStatement st = c.prepareStatement("insert into customer_contacts (tenant_id, id, customer_id,"
                    + " position, name, email) values (?, ?, ?, 0, ?, 'someone@customer.example')")) {
                st.setObject(1, t.tenant().id().value());
                st.setObject(2, UUID.randomUUID());
                st.setObject(3, id);
                st.setString(4, contact);
                st.executeUpdate();
            }
        }
        return name;
    }
}
