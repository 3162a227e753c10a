package com.gpuquote.audit.ui;

import com.gpuquote.audit.AuditLog;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.ui.Formats;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;

import java.util.List;

/** Actor (part of an email), action (known ones offered, any typed one accepted), from and to dates (inclusive). */
class AuditFilters extends HorizontalLayout {

    /** Actions of a tenant's log. */
    static final List<String> TENANT_ACTIONS = List.of("LOGIN", "LOGIN_FAILED", "LOGIN_LOCKED", "TENANT_CREATED",
            "USER_CREATED", "USER_INVITED", "INVITATION_REVOKED", "INVITATION_ACCEPTED", "USER_ROLES_CHANGED",
            "USER_ENABLED", "USER_DISABLED", "USER_UNLOCKED", "API_TOKEN_CREATED", "API_TOKEN_REVOKED",
            "TENANT_SUSPENDED", "TENANT_REACTIVATED", "TENANT_SETTINGS_CHANGED", "TENANT_LOGO_UPLOADED",
            "TENANT_LOGO_REMOVED");

    /** Actions of the platform's own log (ADR 0006). */
    static final List<String> PLATFORM_ACTIONS = List.of("LOGIN", "LOGIN_FAILED", "LOGIN_LOCKED", "USER_CREATED",
            "API_TOKEN_CREATED", "API_TOKEN_REVOKED", "TENANT_CREATED", "TENANT_SUSPENDED", "TENANT_REACTIVATED");

    private final TextField actor = new TextField();
    private final ComboBox<String> action = new ComboBox<>();
    private final DatePicker from = new DatePicker();
    private final DatePicker to = new DatePicker();
    private final Button clear = new Button();

    AuditFilters(List<String> knownActions) {
        setDefaultVerticalComponentAlignment(Alignment.BASELINE);
        setWrap(true);
        actor.setId("audit-actor");
        actor.setLabel(getTranslation("audit.actor"));
        actor.setClearButtonVisible(true);
        actor.setValueChangeMode(ValueChangeMode.LAZY);
        action.setId("audit-action");
        action.setLabel(getTranslation("audit.action"));
        action.setItems(knownActions);
        action.setItemLabelGenerator(this::actionLabel);
        action.setAllowCustomValue(true);
        action.addCustomValueSetListener(e -> action.setValue(e.getDetail().trim().toUpperCase()));
        action.setClearButtonVisible(true);
        action.setWidth("14rem");
        from.setId("audit-from");
        from.setLabel(getTranslation("audit.from"));
        from.setClearButtonVisible(true);
        to.setId("audit-to");
        to.setLabel(getTranslation("audit.to"));
        to.setClearButtonVisible(true);
        from.addValueChangeListener(e -> to.setMin(e.getValue()));
        to.addValueChangeListener(e -> from.setMax(e.getValue()));
        clear.setText(getTranslation("audit.clear"));
        clear.setId("audit-clear");
        clear.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        clear.addClickListener(e -> {
            actor.clear();
            action.clear();
            from.clear();
            to.clear();
        });
        add(actor, action, from, to, clear);
    }

    /** The action's name in the user's language where we know it; other features' actions show as recorded. */
    String actionLabel(String action) {
        String key = "audit.action." + action;
        return I18n.has(key) ? getTranslation(key) : action;
    }

    AuditLog.Filter value() {
        return new AuditLog.Filter(actor.getValue(), action.getValue(), Formats.startOf(from.getValue()),
                Formats.endOf(to.getValue()));
    }

    void onChange(Runnable listener) {
        actor.addValueChangeListener(e -> listener.run());
        action.addValueChangeListener(e -> listener.run());
        from.addValueChangeListener(e -> listener.run());
        to.addValueChangeListener(e -> listener.run());
    }
}
