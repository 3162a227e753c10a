package com.gpuquote.user.ui;

import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantDataService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.textfield.TextField;

/**
 * Deleting a suspended reseller for good: says what goes, asks for an export first, and takes the slug typed again
 * (the service checks it; a wrong one shows at the field).
 */
class DeleteTenantDialog extends Dialog {

    DeleteTenantDialog(TenantDataService data, Tenant tenant, Runnable afterDelete) {
        setHeaderTitle(getTranslation("tenant.delete.title", tenant.name()));
        Paragraph text = new Paragraph(getTranslation("tenant.delete.text", tenant.slug()));
        TextField confirm = new TextField(getTranslation("tenant.delete.confirm.field"));
        confirm.addClassName("tenant-delete-confirm");
        confirm.setWidthFull();
        Button delete = new Button(getTranslation("tenant.delete"), e -> {
            try {
                TenantDataService.Deletion d = data.delete(tenant.id(), confirm.getValue());
                close();
                Notifications.success(getTranslation("tenant.deleted.message", tenant.name(), d.totalRows()));
                afterDelete.run();
            } catch (InvalidInputException ex) {
                confirm.setInvalid(true);
                confirm.setErrorMessage(getTranslation("tenant.delete.confirm.error", tenant.slug()));
            } catch (RuntimeException ex) {
                Notifications.error(Notifications.describe(ex));
            }
        });
        delete.addClassName("tenant-delete-submit");
        delete.addThemeVariants(ButtonVariant.LUMO_PRIMARY, ButtonVariant.LUMO_ERROR);
        Button cancel = new Button(getTranslation("shared.cancel"), e -> close());
        add(text, confirm);
        getFooter().add(cancel, delete);
    }
}
