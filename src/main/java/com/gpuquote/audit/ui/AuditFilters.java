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

    static final List<String> KNOWN_ACTIONS = List.of("LOGIN", "LOGIN_FAILED", "LOGIN_LOCKED", "TENANT_CREATED",
            "USER_CREATED", "USER_INVITED", "INVITATION_REVOKED", "INVITATION_ACCEPTED", "USER_ROLES_CHANGED",
            "USER_ENABLED", "USER_DISABLED", "USER_UNLOCKED", "API_TOKEN_CREATED", "API_TOKEN_REVOKED",
            "TENANT_SUSPENDED", "TENANT_REACTIVATED", "TENANT_SETTINGS_CHANGED", "TENANT_LOGO_UPLOADED",
            "TENANT_LOGO_REMOVED");

    private final TextField actor = new TextField();
    private final ComboBox<String> action = new ComboBox<>();
    private final DatePicker from = new DatePicker();
    private final DatePicker to = new DatePicker();
    private final Button clear = new Button();

    AuditFilters() {
        setDefaultVerticalComponentAlignment(Alignment.BASELINE);
        setWrap(true);
        actor.setId("audit-actor");
        actor.setLabel(getTranslation("audit.actor"));
        actor.setClearButtonVisible(true);
        actor.setValueChangeMode(ValueChangeMode.LAZY);
        action.setId("audit-action");
        action.setLabel(getTranslation("audit.action"));
        action.setItems(KNOWN_ACTIONS);
        action.setItemLabelGenerator(a -> {
            String key = "audit.action." + a;
            return I18n.has(key) ? getTranslation(key) : a;
        });
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
