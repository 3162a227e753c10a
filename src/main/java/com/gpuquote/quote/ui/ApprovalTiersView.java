package com.gpuquote.quote.ui;

import com.gpuquote.quote.domain.ApprovalTier;
import com.gpuquote.quote.ApprovalTierService;
import com.gpuquote.security.Role;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.util.ArrayList;
import java.util.List;

/**
 * Tenant admins: approval tiers by discount depth (issue 16), the screen of {@code PUT /api/v1/tenant/approval-tiers}
 * with the same rules. Each row says "beyond this discount against list, this role approves too"; no rows means one
 * tenant admin approves every quote below the margin floor.
 */
@Route("approval-tiers")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 332, title = "quote.tiers.nav", icon = "vaadin:sitemap")
public class ApprovalTiersView extends VerticalLayout implements HasDynamicTitle {

    /** One editable tier. */
    record Row(BigDecimalField percent, Select<Role> role, HorizontalLayout layout) {
    }

    private final ApprovalTierService tiers;
    final List<Row> rows = new ArrayList<>();
    private final VerticalLayout list = new VerticalLayout();
    final Button add = new Button();
    final Button save = new Button();

    public ApprovalTiersView(ApprovalTierService tiers) {
        this.tiers = tiers;
        H2 title = new H2(getTranslation("quote.tiers.title"));
        title.addClassName("view-heading");
        list.setPadding(false);
        list.setId("approval-tiers");
        add.setText(getTranslation("quote.tiers.add"));
        add.setIcon(VaadinIcon.PLUS.create());
        add.setId("tier-add");
        add.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        add.addClickListener(e -> addRow(null));
        save.setText(getTranslation("quote.tiers.save"));
        save.setId("tier-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> save());
        add(title, new Paragraph(getTranslation("quote.tiers.explain")), list, new HorizontalLayout(add, save));
        show(tiers.tiers());
    }

    private void show(List<ApprovalTier> current) {
        rows.clear();
        list.removeAll();
        current.forEach(this::addRow);
    }

    private void addRow(ApprovalTier tier) {
        BigDecimalField percent = new BigDecimalField(getTranslation("quote.tiers.percent"));
        percent.setSuffixComponent(new com.vaadin.flow.component.html.Span("%"));
        percent.setWidth("12rem");
        Select<Role> role = new Select<>();
        role.setLabel(getTranslation("quote.tiers.role"));
        role.setItems(Role.TENANT_ADMIN, Role.APPROVER);
        role.setItemLabelGenerator(r -> getTranslation("user.role." + r.name()));
        role.setValue(tier == null ? Role.TENANT_ADMIN : tier.role());
        if (tier != null) {
            percent.setValue(tier.discountPercentAbove());
        }
        HorizontalLayout layout = new HorizontalLayout();
        Row row = new Row(percent, role, layout);
        Button remove = new Button(VaadinIcon.TRASH.create(), e -> {
            rows.remove(row);
            list.remove(layout);
        });
        remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_ICON);
        remove.setAriaLabel(getTranslation("quote.tiers.remove"));
        layout.add(percent, role, remove);
        layout.setAlignItems(Alignment.BASELINE);
        rows.add(row);
        list.add(layout);
    }

    private void save() {
        rows.forEach(r -> {
            r.percent().setInvalid(false);
            r.role().setInvalid(false);
        });
        try {
            show(tiers.replace(rows.stream().map(r -> new ApprovalTierService.TierInput(r.percent().getValue(),
                    r.role().getValue() == null ? null : r.role().getValue().name())).toList()));
            Notifications.success(getTranslation("quote.tiers.saved"));
        } catch (InvalidInputException e) {
            for (FieldError f : e.errors()) {
                var m = java.util.regex.Pattern.compile("approvalTiers\\[(\\d+)]\\.(\\w+)").matcher(f.field());
                if (m.matches() && Integer.parseInt(m.group(1)) < rows.size()) {
                    Row r = rows.get(Integer.parseInt(m.group(1)));
                    String message = getTranslation(f.code() == null ? "quote.tiers.invalid" : f.code());
                    if (m.group(2).equals("role")) {
                        r.role().setErrorMessage(message);
                        r.role().setInvalid(true);
                    } else {
                        r.percent().setErrorMessage(message);
                        r.percent().setInvalid(true);
                    }
                } else {
                    Notifications.error(f.message());
                }
            }
        }
    }

    @Override
    public String getPageTitle() {
        return getTranslation("quote.tiers.title") + " | GpuQuote";
    }
}
