package com.gpuquote.shared.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;

/** A yes/cancel question before a consequential action (suspend, disable, revoke). */
public final class Confirm {
    private Confirm() {
    }

    public static ConfirmDialog ask(String header, String text, String confirmText, boolean dangerous, Runnable onConfirm) {
        ConfirmDialog dialog = new ConfirmDialog();
        dialog.setId("confirm-dialog");
        dialog.setHeader(header);
        dialog.setText(text);
        dialog.setCancelable(true);
        dialog.setCancelText(UI.getCurrent().getTranslation("shared.cancel"));
        dialog.setConfirmText(confirmText);
        if (dangerous) {
            dialog.setConfirmButtonTheme("error primary");
        }
        dialog.addConfirmListener(e -> onConfirm.run());
        dialog.open();
        return dialog;
    }
}
