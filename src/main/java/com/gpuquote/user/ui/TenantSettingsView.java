package com.gpuquote.user.ui;

import com.gpuquote.shared.I18n;
import com.gpuquote.commercial.Percent;
import com.gpuquote.shared.Roles;
import com.gpuquote.layout.MainLayout;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantSettings;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.binder.Binder;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.math.BigDecimal;
import java.util.List;

/**
 * Tenant admin: name, VAT rate, margin floor, default language and the logo ({@link TenantLogoSection}). Rates are
 * typed as percent (6 means 6 %) and stored as fractions (0.06). The loaded version travels with the save, so a stale
 * save is refused, not lost.
 */
@Route("settings")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 30, title = "settings.menu", icon = "vaadin:cog")
public class TenantSettingsView extends VerticalLayout implements HasDynamicTitle {

    /** What the form edits, in the units the user types. */
    static final class Form {
        String name;
        BigDecimal vatPercent;
        BigDecimal marginPercent;
        String locale;
        boolean showFloorPrice;
    }


    private final TenantService tenants;
    private final TextField name = new TextField();
    private final BigDecimalField vat = new BigDecimalField();
    private final BigDecimalField margin = new BigDecimalField();
    private final Select<String> locale = new Select<>();
    private final com.vaadin.flow.component.checkbox.Checkbox showFloorPrice = new com.vaadin.flow.component.checkbox.Checkbox();
    private final Span currency = new Span();
    private final Binder<Form> binder = new Binder<>();
    private int version;

    public TenantSettingsView(TenantService tenants, TenantBrandingService branding,
                              com.gpuquote.mail.MailOutbox mail) {
        this.tenants = tenants;
        addClassName("settings-view");
        name.setId("settings-name");
        name.setLabel(getTranslation("settings.name"));
        name.setRequiredIndicatorVisible(true);
        vat.setId("settings-vat");
        vat.setLabel(getTranslation("settings.vatRate"));
        vat.setSuffixComponent(new Span("%"));
        margin.setId("settings-margin");
        margin.setLabel(getTranslation("settings.marginFloor"));
        margin.setSuffixComponent(new Span("%"));
        locale.setId("settings-locale");
        locale.setLabel(getTranslation("settings.locale"));
        locale.setItems(I18n.TAGS);
        locale.setItemLabelGenerator(l -> getTranslation("tenant.locale." + l));
        showFloorPrice.setId("settings-show-floor-price");
        showFloorPrice.setLabel(getTranslation("settings.showFloorPrice"));
        showFloorPrice.setHelperText(getTranslation("settings.showFloorPrice.help"));
        bind();

        Button save = new Button(getTranslation("shared.save"), e -> save());
        save.setId("settings-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Button reload = new Button(getTranslation("settings.reload"), e -> load());
        reload.setId("settings-reload");
        FormLayout form = new FormLayout(name, locale, vat, margin, showFloorPrice);
        form.setColspan(showFloorPrice, 2);
        form.setMaxWidth("40rem");
        if (!mail.smtpConfigured()) { // without SMTP the outbox silently fills: say so where the admin looks
            Paragraph noSmtp = new Paragraph(getTranslation("settings.noSmtp"));
            noSmtp.setId("settings-no-smtp");
            noSmtp.addClassName("warning");
            noSmtp.getStyle().set("color", "var(--lumo-error-text-color)");
            add(noSmtp);
        }
        add(form, new Paragraph(currency), new HorizontalLayout(save, reload), new TenantProfileSection(tenants),
                new TenantLogoSection(branding));
        load();
    }

    private void bind() {
        binder.forField(name)
                .asRequired(getTranslation("settings.error.nameRequired"))
                .withValidator(v -> v.trim().length() <= 200, getTranslation("settings.error.nameRequired"))
                .bind(f -> f.name, (f, v) -> f.name = v);
        binder.forField(vat)
                .asRequired(getTranslation("settings.error.vatRate"))
                .withValidator(v -> inRange(v, 50), getTranslation("settings.error.vatRate"))
                .bind(f -> f.vatPercent, (f, v) -> f.vatPercent = v);
        binder.forField(margin)
                .asRequired(getTranslation("settings.error.marginFloor"))
                .withValidator(v -> inRange(v, 90), getTranslation("settings.error.marginFloor"))
                .bind(f -> f.marginPercent, (f, v) -> f.marginPercent = v);
        // a validator, not asRequired: the select offers no empty choice, and vaadin-select puts aria-required on
        // its value button, a role that does not allow it (axe aria-allowed-attr, critical)
        binder.forField(locale)
                .withValidator(java.util.Objects::nonNull, getTranslation("settings.error.locale"))
                .bind(f -> f.locale, (f, v) -> f.locale = v);
        binder.forField(showFloorPrice).bind(f -> f.showFloorPrice, (f, v) -> f.showFloorPrice = v);
    }

    private static boolean inRange(BigDecimal percent, int max) {
        return percent != null && percent.signum() >= 0 && percent.compareTo(BigDecimal.valueOf(max)) <= 0
                && percent.stripTrailingZeros().scale() <= 2;
    }

    private void load() {
        Notifications.attempt(() -> show(tenants.current()));
    }

    private void show(Tenant t) {
        Form f = new Form();
        f.name = t.name();
        f.vatPercent = Percent.fromFraction(t.vatRate());
        f.marginPercent = Percent.fromFraction(t.marginFloorPct());
        f.locale = t.locale();
        f.showFloorPrice = t.showFloorPrice();
        version = t.version();
        currency.setText(getTranslation("settings.currency", t.currency()));
        binder.readBean(f);
    }

    private void save() {
        Form f = new Form();
        if (!binder.writeBeanIfValid(f)) {
            return;
        }
        TenantSettings settings = new TenantSettings(f.name.trim(), Percent.toFraction(f.vatPercent),
                Percent.toFraction(f.marginPercent),
                f.locale, version, f.showFloorPrice);
        Tenant[] saved = new Tenant[1];
        if (Notifications.attempt(() -> saved[0] = tenants.updateSettings(settings))) {
            show(saved[0]);
            MainLayout.tenantRenamed(saved[0].name());
            Notifications.success(getTranslation("shared.saved"));
        }
    }

    @Override
    public String getPageTitle() {
        return getTranslation("settings.title") + " | GpuQuote";
    }
}
