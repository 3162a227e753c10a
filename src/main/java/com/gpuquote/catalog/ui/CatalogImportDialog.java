package com.gpuquote.catalog.ui;

import com.gpuquote.shared.CsvError;
import com.gpuquote.catalog.CatalogCsvErrorCode;
import com.gpuquote.catalog.CatalogImportPreview;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.GpuModelCsv;
import com.gpuquote.catalog.GpuModelImportPreview;
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
import java.util.List;
import java.util.function.Function;

/**
 * CSV import of instance types or GPU models: upload (or paste) → check shows every error with row and column, or
 * what would be added/changed → confirm applies it in one transaction. Nothing is written while there is any error.
 */
class CatalogImportDialog extends Dialog {

    /** A check or import as the dialog shows it: every error, or the codes added and changed (with columns). */
    record Outcome(List<CsvError> errors, List<String> added, List<Changed> changed, int unchanged) {
        boolean isValid() {
            return errors.isEmpty();
        }

        static Outcome of(CatalogImportPreview p) {
            return new Outcome(p.errors(), p.added().stream().map(InstanceType::code).toList(), p.changed().stream()
                    .map(c -> new Changed(c.after().code(), c.columns())).toList(), p.unchanged());
        }

        static Outcome of(GpuModelImportPreview p) {
            return new Outcome(p.errors(), p.added().stream().map(GpuModel::code).toList(), p.changed().stream()
                    .map(c -> new Changed(c.after().code(), c.columns())).toList(), p.unchanged());
        }
    }

    record Changed(String code, List<String> columns) {
    }

    /** What the dialog imports: its texts and the service calls. */
    record Kind(String titleKey, String helpKey, int maxBytes, Function<byte[], Outcome> check,
                Function<byte[], Outcome> apply) {

        static Kind instanceTypes(CatalogService catalog) {
            return new Kind("catalog.import.title", "catalog.import.help", InstanceTypeCsv.MAX_BYTES,
                    csv -> Outcome.of(catalog.previewImport(csv)), csv -> Outcome.of(catalog.importInstanceTypes(csv)));
        }

        static Kind gpuModels(CatalogService catalog) {
            return new Kind("catalog.import.gpu.title", "catalog.import.gpu.help", GpuModelCsv.MAX_BYTES,
                    csv -> Outcome.of(catalog.previewGpuModelImport(csv)), csv -> Outcome.of(catalog.importGpuModels(csv)));
        }
    }

    private final Kind kind;
    private final Runnable onImported;
    final Upload upload;
    private final TextArea paste = new TextArea();
    private final Div result = new Div();
    private final Button confirm = new Button();
    private byte[] uploaded;
    private byte[] checked;

    CatalogImportDialog(CatalogService catalog, Runnable onImported) {
        this(Kind.instanceTypes(catalog), onImported);
    }

    CatalogImportDialog(Kind kind, Runnable onImported) {
        this.kind = kind;
        this.onImported = onImported;
        setId("catalog-import-dialog");
        setHeaderTitle(getTranslation(kind.titleKey()));
        setWidth("60rem");
        Paragraph help = new Paragraph(getTranslation(kind.helpKey()));
        help.setId("import-help");
        UI ui = UI.getCurrent();
        upload = new Upload(UploadHandler.inMemory((meta, bytes) -> ui.access(() -> {
            uploaded = bytes;
            paste.clear();
            check();
        })));
        com.gpuquote.shared.ui.UploadTexts.apply(upload, getLocale());
        upload.setId("import-upload");
        upload.setAcceptedFileTypes(".csv", "text/csv");
        upload.setMaxFiles(1);
        // the documented limit: larger files are refused in the browser already, with the file error's text
        upload.setMaxFileSize(kind.maxBytes());
        upload.addFileRejectedListener(e -> Notifications.error(getTranslation(
                CatalogCsvErrorCode.FILE_TOO_LARGE.messageKey(), kind.maxBytes() / (1024 * 1024))));
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
        Notifications.attempt(() -> show(kind.check().apply(checked)));
    }

    private void apply() {
        if (checked == null) {
            return;
        }
        Notifications.attempt(() -> {
            Outcome done = kind.apply().apply(checked);
            if (!done.isValid()) {
                show(done);
                return;
            }
            Notifications.success(getTranslation("catalog.import.done", done.added().size(), done.changed().size()));
            onImported.run();
            close();
        });
    }

    private void show(Outcome preview) {
        result.removeAll();
        UnorderedList list = new UnorderedList();
        if (!preview.isValid()) {
            confirm.setEnabled(false);
            Paragraph title = new Paragraph(getTranslation("catalog.import.errors", preview.errors().size()));
            title.setId("import-error-count");
            list.setId("import-errors");
            for (CsvError error : preview.errors()) {
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
        for (String code : preview.added()) {
            list.add(new ListItem(getTranslation("catalog.import.added", code)));
        }
        for (Changed c : preview.changed()) {
            list.add(new ListItem(getTranslation("catalog.import.changed", c.code(), String.join(", ", c.columns()))));
        }
        result.add(summary, list);
    }

    private String describe(CsvError error) {
        String message = getTranslation(error.code().messageKey(), error.args().toArray());
        return error.column() == null && error.row() == 0 ? getTranslation("catalog.import.errorFile", message)
                : getTranslation("catalog.import.errorRow", error.row(), error.column() == null ? "-" : error.column(), message);
    }
}
