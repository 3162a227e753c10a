package com.gpuquote.customer.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.provider.DataProvider;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

/** All customers of the reseller: search, lazy grid, new customer. */
@Route("customers")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
@Menu(order = 300, title = "customer.nav", icon = "vaadin:building")
public class CustomersView extends VerticalLayout implements HasDynamicTitle {

    private final CustomerService customers;
    private final TextField search = new TextField();
    private final Checkbox mine = new Checkbox();
    final Grid<Customer> grid = new Grid<>(Customer.class, false);

    public CustomersView(CustomerService customers) {
        this.customers = customers;
        setSizeFull();
        search.setId("customer-search");
        search.setPlaceholder(getTranslation("customer.search"));
        search.setPrefixComponent(VaadinIcon.SEARCH.create());
        search.setClearButtonVisible(true);
        search.setValueChangeMode(ValueChangeMode.LAZY);
        search.addValueChangeListener(e -> grid.getDataProvider().refreshAll());
        search.setWidth("24rem");
        mine.setLabel(getTranslation("customer.mineOnly"));
        mine.addValueChangeListener(e -> grid.getDataProvider().refreshAll());
        Button create = new Button(getTranslation("customer.new"), VaadinIcon.PLUS.create(),
                e -> new CustomerDialog(customers, null, saved -> open(saved)).open());
        create.setId("new-customer");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        HorizontalLayout toolbar = new HorizontalLayout(search, mine, create);
        toolbar.setAlignItems(Alignment.BASELINE);

        grid.addColumn(Customer::name).setHeader(getTranslation("customer.name")).setFlexGrow(2);
        grid.addColumn(c -> c.creditCode() == null ? "" : c.creditCode()).setHeader(getTranslation("customer.creditCode"));
        grid.addColumn(c -> c.contacts().isEmpty() ? "" : c.contacts().get(0).name()
                + (c.contacts().get(0).email() == null ? "" : " <" + c.contacts().get(0).email() + ">"))
                .setHeader(getTranslation("customer.mainContact")).setFlexGrow(2);
        grid.addColumn(c -> "en".equals(c.language()) ? "English" : "中文").setHeader(getTranslation("customer.language"));
        grid.addColumn(c -> c.ownerName() == null ? "" : c.ownerName()).setHeader(getTranslation("customer.owner"));
        grid.setItems(DataProvider.fromCallbacks(
                q -> customers.search(currentSearch(), q.getOffset(), q.getLimit()).stream(),
                q -> customers.count(currentSearch())));
        grid.addItemClickListener(e -> open(e.getItem()));
        grid.setSizeFull();
        add(toolbar, grid);
    }

    private CustomerService.Search currentSearch() {
        return new CustomerService.Search(search.getValue(), mine.getValue());
    }

    private void open(Customer customer) {
        getUI().ifPresent(ui -> ui.navigate(CustomerDetailView.class,
                new com.vaadin.flow.router.RouteParameters("id", customer.id().toString())));
    }

    @Override
    public String getPageTitle() {
        return getTranslation("customer.nav") + " | GpuQuote";
    }
}
