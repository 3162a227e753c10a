package com.gpuquote.catalog.ui;

import com.gpuquote.catalog.CatalogCsvError;
import com.gpuquote.catalog.CatalogCsvErrorCode;
import com.gpuquote.catalog.CatalogImportPreview;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeCsv;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.UnorderedList;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.server.streams.UploadHandler;

import java.nio.charset.StandardCharsets;

/**
 * CSV import of instance types: upload (or paste) → check shows every error with row and column, or what would be
 * added/changed → confirm applies it in one transaction. Nothing is written while there is any error.
 */
class CatalogImportDialog extends Dialog {

    private final CatalogService catalog;
    private final Runnable onImported;
    final Upload upload;
    private final TextArea paste = new TextArea();
    private final Div result = new Div();
    private final Button confirm = new Button();
    private byte[] uploaded;
    private byte[] checked;

    CatalogImportDialog(CatalogService catalog, Runnable onImported) {
        this.catalog = catalog;
        this.onImported = onImported;
        setId("catalog-import-dialog");
        setHeaderTitle(getTranslation("catalog.import.title"));
        setWidth("60em");
        Paragraph help = new Paragraph(getTranslation("catalog.import.help"));
        help.setId("import-help");
        UI ui = UI.getCurrent();
        upload = new Upload(UploadHandler.inMemory((meta, bytes) -> ui.access(() -> {
            uploaded = bytes;
            paste.clear();
            check();
        })));
        upload.setId("import-upload");
        upload.setAcceptedFileTypes(".csv", "text/csv");
        upload.setMaxFiles(1);
        // the documented limit: larger files are refused in the browser already, with the file error's text
        upload.setMaxFileSize(InstanceTypeCsv.MAX_BYTES);
        upload.addFileRejectedListener(e -> Notifications.error(getTranslation(
                CatalogCsvErrorCode.FILE_TOO_LARGE.messageKey(), InstanceTypeCsv.MAX_BYTES / (1024 * 1024))));
        paste.setId("import-paste");
        paste.setLabel(getTranslation("catalog.import.paste"));
        paste.setWidthFull();
        paste.addValueChangeListener(e -> {
            if (!e.getValue().isEmpty()) {
                uploaded = null;
            }
        });
        Button check = new Button(getTranslation("catalog.import.check"), e -> check());
        check.setId("import-check");
        result.setId("import-result");
        confirm.setText(getTranslation("catalog.import.confirm"));
        confirm.setId("import-confirm");
        confirm.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        confirm.setEnabled(false);
        confirm.addClickListener(e -> apply());
        add(help, upload, paste, check, result);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), confirm);
    }

    private byte[] content() {
        return uploaded != null ? uploaded : paste.getValue().getBytes(StandardCharsets.UTF_8);
    }

    private void check() {
        checked = content();
        Notifications.attempt(() -> show(catalog.previewImport(checked)));
    }

    private void apply() {
        if (checked == null) {
            return;
        }
        Notifications.attempt(() -> {
            CatalogImportPreview done = catalog.importInstanceTypes(checked);
            if (!done.isValid()) {
                show(done);
                return;
            }
            Notifications.success(getTranslation("catalog.import.done", done.added().size(), done.changed().size()));
            onImported.run();
            close();
        });
    }

    private void show(CatalogImportPreview preview) {
        result.removeAll();
        UnorderedList list = new UnorderedList();
        if (!preview.isValid()) {
            confirm.setEnabled(false);
            Paragraph title = new Paragraph(getTranslation("catalog.import.errors", preview.errors().size()));
            title.setId("import-error-count");
            list.setId("import-errors");
            for (CatalogCsvError error : preview.errors()) {
                list.add(new ListItem(describe(error)));
            }
            result.add(title, list);
            return;
        }
        boolean any = !preview.added().isEmpty() || !preview.changed().isEmpty();
        confirm.setEnabled(any);
        Paragraph summary = new Paragraph(any ? getTranslation("catalog.import.summary", preview.added().size(),
                preview.changed().size(), preview.unchanged()) : getTranslation("catalog.import.nothing"));
        summary.setId("import-summary");
        list.setId("import-changes");
        for (InstanceType t : preview.added()) {
            list.add(new ListItem(getTranslation("catalog.import.added", t.code())));
        }
        for (CatalogImportPreview.Change c : preview.changed()) {
            list.add(new ListItem(getTranslation("catalog.import.changed", c.after().code(), String.join(", ", c.columns()))));
        }
        result.add(summary, list);
    }

    private String describe(CatalogCsvError error) {
        String message = getTranslation(error.code().messageKey(), error.args().toArray());
        return error.column() == null && error.row() == 0 ? getTranslation("catalog.import.errorFile", message)
                : getTranslation("catalog.import.errorRow", error.row(), error.column() == null ? "-" : error.column(), message);
    }
}
