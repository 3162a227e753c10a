package com.gpuquote.customer.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import org.springframework.beans.factory.ObjectProvider;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.shared.ui.RouteIds;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.data.provider.DataProvider;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteParameters;
import jakarta.annotation.security.RolesAllowed;


/**
 * One customer: details, contacts, and projects (with a button to start one). Other features contribute sections
 * (pricing's agreements) through {@link CustomerSection} beans, so this view does not depend on them.
 */
@Route("customers/:id")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
public class CustomerDetailView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final CustomerService customers;
    private final ProjectService projects;
    private final ObjectProvider<CustomerSection> sections;
    private final H2 title = new H2();
    private final VerticalLayout details = new VerticalLayout();
    final Grid<Contact> contacts = new Grid<>(Contact.class, false);
    final Grid<Project> projectGrid = new Grid<>(Project.class, false);
    private Customer customer;

    public CustomerDetailView(CustomerService customers, ProjectService projects, ObjectProvider<CustomerSection> sections) {
        this.customers = customers;
        this.projects = projects;
        this.sections = sections;
        setSizeFull();
        contacts.addColumn(Contact::name).setHeader(getTranslation("customer.contact.name"));
        contacts.addColumn(c -> nz(c.email())).setHeader(getTranslation("customer.contact.email"));
        contacts.addColumn(c -> nz(c.phone())).setHeader(getTranslation("customer.contact.phone"));
        contacts.addColumn(c -> nz(c.role())).setHeader(getTranslation("customer.contact.role"));
        contacts.setAllRowsVisible(true);
        projectGrid.addColumn(Project::name).setHeader(getTranslation("project.name")).setFlexGrow(2);
        projectGrid.addColumn(p -> getTranslation("project.status." + p.status().name())).setHeader(getTranslation("project.status"));
        projectGrid.addColumn(p -> Formats.chinaDate(p.createdAt())).setKey("created").setHeader(getTranslation("project.created"));
        projectGrid.addItemClickListener(e -> getUI().ifPresent(ui -> ui.navigate(ProjectDetailView.class,
                new RouteParameters("id", e.getItem().id().toString()))));
        projectGrid.setAllRowsVisible(true);
        projectGrid.setId("customer-projects");
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        RouteIds.load(event, id -> customers.get(new CustomerId(id)), CustomersView.class).ifPresent(found -> {
            customer = found;
            render();
        });
    }

    private void render() {
        removeAll();
        details.removeAll();
        details.setPadding(false);
        title.setText(customer.name());
        Button edit = new Button(getTranslation("shared.edit"), VaadinIcon.EDIT.create(),
                e -> new CustomerDialog(customers, customer, saved -> {
                    customer = saved;
                    render();
                }).open());
        edit.setId("edit-customer");
        details.add(line("customer.creditCode", customer.creditCode()), line("customer.billingAddress", customer.billingAddress()),
                line("customer.language", "en".equals(customer.language()) ? "English" : "中文"),
                line("customer.owner", customer.ownerName()), line("customer.notes", customer.notes()));
        contacts.setItems(customer.contacts());
        var search = new ProjectService.Search(null, customer.id(), null);
        projectGrid.setItems(DataProvider.fromCallbacks(q -> projects.search(search, q.getOffset(), q.getLimit()).stream(),
                q -> projects.count(search)));
        Button newProject = new Button(getTranslation("project.new"), VaadinIcon.PLUS.create(),
                e -> new ProjectDialog(projects, customer.id(), created -> getUI().ifPresent(ui ->
                        ui.navigate(ProjectDetailView.class, new RouteParameters("id", created.id().toString())))).open());
        newProject.setId("new-project");
        newProject.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        HorizontalLayout header = new HorizontalLayout(title, edit);
        header.setAlignItems(Alignment.BASELINE);
        add(header, details, new H3(getTranslation("customer.contacts")), contacts,
                new HorizontalLayout(new H3(getTranslation("project.nav")), newProject), projectGrid);
        sections.orderedStream().forEach(s -> add(s.render(customer)));
    }

    private Span line(String key, String value) {
        Span s = new Span(getTranslation("shared.label", getTranslation(key)) + nz(value));
        s.addClassName("detail-line");
        return s;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    @Override
    public String getPageTitle() {
        return (customer == null ? getTranslation("customer.nav") : customer.name()) + " | GpuQuote";
    }
}
