package com.gpuquote.quote.ui;

import com.gpuquote.catalog.Provider;
import com.gpuquote.quote.ProviderRebate;
import com.gpuquote.quote.ProviderRebateService;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Tenant admins: the default rebate (返点) per cloud provider (issue 16, ADR 1602), the screen of
 * {@code PUT /api/v1/tenant/provider-rebates} with the same rules. One field per provider; empty means no default.
 */
@Route("provider-rebates")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 333, title = "quote.providerRebates.nav", icon = "vaadin:coin-piles")
public class ProviderRebatesView extends VerticalLayout implements HasDynamicTitle {

    private final ProviderRebateService rebates;
    final Map<Provider, BigDecimalField> fields = new EnumMap<>(Provider.class);
    final Button save = new Button();

    final VoucherPolicyForm voucherPolicy;

    public ProviderRebatesView(ProviderRebateService rebates, com.gpuquote.quote.VoucherService vouchers) {
        this.rebates = rebates;
        H2 title = new H2(getTranslation("quote.providerRebates.title"));
        title.addClassName("view-heading");
        add(title, new Paragraph(getTranslation("quote.providerRebates.explain")));
        for (Provider p : Provider.values()) {
            BigDecimalField f = new BigDecimalField(getTranslation(p.labelKey()));
            f.setId("provider-rebate-" + p.code());
            f.setSuffixComponent(new Span("%"));
            f.setWidth("12rem");
            fields.put(p, f);
            add(f);
        }
        save.setText(getTranslation("quote.providerRebates.save"));
        save.setId("provider-rebates-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> save());
        add(save);
        show(rebates.rebates());
        voucherPolicy = new VoucherPolicyForm(vouchers); // issue 39: the other channel money a consultant may give
        add(voucherPolicy);
    }

    private void show(List<ProviderRebate> current) {
        fields.values().forEach(f -> {
            f.clear();
            f.setInvalid(false);
        });
        current.forEach(r -> fields.get(r.provider()).setValue(r.rebatePercent()));
    }

    private void save() {
        List<Provider> order = new ArrayList<>();
        List<ProviderRebateService.RebateInput> input = new ArrayList<>();
        fields.forEach((p, f) -> {
            f.setInvalid(false);
            if (f.getValue() != null) { // empty: no default for that provider
                order.add(p);
                input.add(new ProviderRebateService.RebateInput(p.code(), f.getValue()));
            }
        });
        try {
            show(rebates.replace(input));
            Notifications.success(getTranslation("quote.providerRebates.saved"));
        } catch (InvalidInputException e) {
            for (FieldError f : e.errors()) {
                var m = java.util.regex.Pattern.compile("providerRebates\\[(\\d+)]\\.\\w+").matcher(f.field());
                if (m.matches() && Integer.parseInt(m.group(1)) < order.size()) {
                    BigDecimalField field = fields.get(order.get(Integer.parseInt(m.group(1))));
                    field.setErrorMessage(getTranslation(f.code() == null ? "quote.error.rebatePercent" : f.code()));
                    field.setInvalid(true);
                } else {
                    Notifications.error(f.message());
                }
            }
        }
    }

    @Override
    public String getPageTitle() {
        return getTranslation("quote.providerRebates.title") + " | GpuQuote";
    }
}
