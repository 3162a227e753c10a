package com.gpuquote.shared.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.TextField;

/**
 * Shows a secret (an invitation link, an API token) the one time it exists in clear: read-only, selectable, with a
 * copy button. Closing the dialog is the last chance to copy it.
 */
public class SecretOnceDialog extends Dialog {

    private final TextField value = new TextField();

    public SecretOnceDialog(String title, String explanation, String fieldLabel, String secret) {
        setHeaderTitle(title);
        setId("secret-once-dialog");
        setWidth("min(44rem, 95vw)");
        setCloseOnOutsideClick(false);
        Paragraph text = new Paragraph(explanation);
        text.addClassName("secret-once-warning");
        value.setId("secret-value");
        value.setLabel(fieldLabel);
        value.setReadOnly(true);
        value.setValue(secret);
        value.setWidthFull();
        value.addFocusListener(e -> value.getElement().executeJs("this.inputElement.select()"));
        Button copy = new Button(getTranslation("admin.copy"), VaadinIcon.COPY.create(), e -> {
            UI.getCurrent().getPage().executeJs("navigator.clipboard && navigator.clipboard.writeText($0)", secret);
            Notifications.success(getTranslation("admin.copied"));
        });
        copy.setId("secret-copy");
        HorizontalLayout row = new HorizontalLayout(value, copy);
        row.setWidthFull();
        row.setAlignItems(FlexComponent.Alignment.BASELINE);
        add(text, row);
        Button close = new Button(getTranslation("shared.close"), e -> close());
        close.setId("secret-close");
        close.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(close);
    }

    public String secret() {
        return value.getValue();
    }
}
