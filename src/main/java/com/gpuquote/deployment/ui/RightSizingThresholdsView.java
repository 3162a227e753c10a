package com.gpuquote.deployment.ui;

import com.gpuquote.deployment.ThresholdService;
import com.gpuquote.deployment.Thresholds;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Tenant admins set when a deployment's verdict says VRAM short, RAM short, oversized or underused (percent; the
 * same rules as {@code PUT /api/v1/rightsizing/thresholds}); "use the defaults" restores 90 / 90 / 40 / 5.
 */
@Route("deployments/thresholds")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 215, title = "deployment.thresholds.nav", icon = "vaadin:scale")
public class RightSizingThresholdsView extends VerticalLayout implements HasDynamicTitle {

    static final String[] FIELDS = {"vramShortPct", "ramShortPct", "oversizedPct", "underusedPct"};

    private final ThresholdService thresholds;
    final Map<String, BigDecimalField> fields = new LinkedHashMap<>();
    final Paragraph status = new Paragraph();
    final Button save = new Button();
    final Button defaults = new Button();

    public RightSizingThresholdsView(ThresholdService thresholds) {
        this.thresholds = thresholds;
        setMaxWidth("48em");
        FormLayout form = new FormLayout();
        form.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("20em", 2));
        for (String name : FIELDS) {
            BigDecimalField f = new BigDecimalField(getTranslation("deployment.thresholds." + name));
            f.setId("thresholds-" + name);
            f.setSuffixComponent(new Span("%"));
            f.setHelperText(getTranslation("deployment.thresholds." + name + ".help"));
            fields.put(name, f);
            form.add(f);
        }
        save.setText(getTranslation("shared.save"));
        save.setId("thresholds-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> save(edited()));
        defaults.setText(getTranslation("deployment.thresholds.useDefaults"));
        defaults.setId("thresholds-defaults");
        defaults.addClickListener(e -> save(Thresholds.projectDefaults()));
        status.setId("thresholds-status");
        add(new H2(getTranslation("deployment.thresholds.nav")),
                new Paragraph(getTranslation("deployment.thresholds.help")), status, form,
                new HorizontalLayout(save, defaults));
        show(thresholds.current());
    }

    private Thresholds edited() {
        return new Thresholds(fields.get("vramShortPct").getValue(), fields.get("ramShortPct").getValue(),
                fields.get("oversizedPct").getValue(), fields.get("underusedPct").getValue(), false);
    }

    void show(Thresholds t) {
        fields.get("vramShortPct").setValue(t.vramShortPct());
        fields.get("ramShortPct").setValue(t.ramShortPct());
        fields.get("oversizedPct").setValue(t.oversizedPct());
        fields.get("underusedPct").setValue(t.underusedPct());
        fields.values().forEach(f -> f.setInvalid(false));
        status.setText(getTranslation(sameValues(t, Thresholds.projectDefaults()) ? "deployment.thresholds.isDefault"
                : "deployment.thresholds.isCustom"));
    }

    static boolean sameValues(Thresholds a, Thresholds b) {
        return a.vramShortPct().compareTo(b.vramShortPct()) == 0 && a.ramShortPct().compareTo(b.ramShortPct()) == 0
                && a.oversizedPct().compareTo(b.oversizedPct()) == 0 && a.underusedPct().compareTo(b.underusedPct()) == 0;
    }

    private void save(Thresholds t) {
        try {
            show(thresholds.update(t));
            Notifications.success(getTranslation("shared.saved"));
        } catch (InvalidInputException e) {
            fields.values().forEach(f -> f.setInvalid(false));
            for (FieldError err : e.errors()) {
                BigDecimalField f = fields.get(err.field());
                if (f != null) {
                    f.setErrorMessage(getTranslation("deployment.thresholds.error." + err.code(),
                            getTranslation("deployment.thresholds." + err.field())));
                    f.setInvalid(true);
                }
            }
        } catch (RuntimeException e) {
            Notifications.error(Notifications.describe(e));
        }
    }

    @Override
    public String getPageTitle() {
        return getTranslation("deployment.thresholds.nav") + " | GpuQuote";
    }
}
