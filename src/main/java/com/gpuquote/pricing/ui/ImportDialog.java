package com.gpuquote.pricing.ui;

import com.gpuquote.pricing.ImportPreview;
import com.gpuquote.pricing.ImportResult;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListCsv;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.radiobutton.RadioButtonGroup;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.server.streams.UploadHandler;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Upload a CSV into a draft: charset choice (auto-detect, UTF-8, GB18030), then a preview (every error, or the diff
 * with large changes highlighted). Nothing is written until the admin confirms; confirm re-validates and applies.
 */
class ImportDialog extends Dialog {

    static final String AUTO = "AUTO";

    private final PriceListService priceLists;
    private final PriceList draft;
    private final Runnable imported;
    final RadioButtonGroup<String> charset = new RadioButtonGroup<>();
    /** Update these rows (the default: a partial file deletes nothing) or replace the whole list. */
    final RadioButtonGroup<com.gpuquote.pricing.ImportMode> mode = new RadioButtonGroup<>();
    final Upload upload;
    final Button confirm = new Button();
    ImportPreviewPanel previewPanel;
    private byte[] content;
    /** The preview on screen: confirm applies exactly it (same bytes, same charset, same draft version). */
    private ImportPreview shown;

    ImportDialog(PriceListService priceLists, PriceList draft, Runnable imported) {
        this.priceLists = priceLists;
        this.draft = draft;
        this.imported = imported;
        setId("import-dialog");
        setWidth("min(1100px, 95vw)");
        setHeaderTitle(getTranslation("pricing.import.title", draft.name()));
        charset.setId("import-charset");
        charset.setLabel(getTranslation("pricing.import.charset"));
        charset.setItems(AUTO, "UTF-8", "GB18030");
        charset.setItemLabelGenerator(c -> AUTO.equals(c) ? getTranslation("pricing.import.charset.auto") : c);
        charset.setValue(AUTO);
        charset.addValueChangeListener(e -> {
            if (content != null) {
                showPreview(content); // another encoding reads other text: preview again before confirming
            }
        });
        mode.setId("import-mode");
        mode.setLabel(getTranslation("pricing.import.mode"));
        mode.setItems(com.gpuquote.pricing.ImportMode.UPSERT, com.gpuquote.pricing.ImportMode.REPLACE);
        mode.setItemLabelGenerator(m -> getTranslation("pricing.import.mode." + m.name()));
        mode.setValue(com.gpuquote.pricing.ImportMode.UPSERT);
        mode.addValueChangeListener(e -> {
            if (content != null) {
                showPreview(content); // what would be deleted depends on the mode
            }
        });
        UI ui = UI.getCurrent();
        upload = new Upload(UploadHandler.inMemory((meta, bytes) -> ui.access(() -> showPreview(bytes))));
        com.gpuquote.shared.ui.UploadTexts.apply(upload, getLocale());
        upload.setId("import-upload");
        upload.setAcceptedFileTypes(".csv", "text/csv");
        upload.setMaxFiles(1);
        upload.setMaxFileSize((int) PriceListCsv.MAX_BYTES);
        upload.addFileRejectedListener(e -> Notifications.error(getTranslation("pricing.csv.error.file_too_large",
                PriceListCsv.MAX_BYTES / (1024 * 1024))));
        add(new Paragraph(getTranslation("pricing.import.help")), mode, charset, upload);
        confirm.setText(getTranslation("pricing.import.confirm"));
        confirm.setId("confirm-import");
        confirm.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        confirm.setEnabled(false);
        confirm.addClickListener(e -> apply());
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), confirm);
    }

    /** Validates the uploaded bytes and shows errors or the diff; writes nothing. */
    void showPreview(byte[] bytes) {
        content = bytes;
        if (previewPanel != null) {
            remove(previewPanel);
        }
        ImportPreview preview = priceLists.preview(draft.id(), bytes, chosenCharset(), mode.getValue());
        shown = preview;
        previewPanel = new ImportPreviewPanel(preview);
        add(previewPanel);
        confirm.setEnabled(preview.isValid());
    }

    /** A replace that deletes rows says how many and asks once more. */
    private void apply() {
        int deleting = shown.diff() == null ? 0 : shown.diff().removed().size();
        if (mode.getValue() == com.gpuquote.pricing.ImportMode.REPLACE && deleting > 0) {
            com.gpuquote.shared.ui.Confirm.ask(getTranslation("pricing.import.replace.title"),
                    getTranslation("pricing.import.replace.text", rows(deleting), rows(shown.read().rows().size())),
                    getTranslation("pricing.import.replace.confirm", rows(deleting)), true, this::applyNow);
            return;
        }
        applyNow();
    }

    private String rows(int n) {
        return com.gpuquote.shared.DisplayFormat.count(getLocale(), n, "shared.count.row");
    }

    private void applyNow() {
        Notifications.attempt(() -> {
            try {
                ImportResult r = priceLists.applyImport(draft.id(), content, chosenCharset(), shown.draftRowVersion(),
                        mode.getValue());
                Notifications.success(getTranslation("pricing.import.done", r.added(), r.changed(), r.removed(), r.unchanged()));
                close();
                imported.run();
            } catch (com.gpuquote.pricing.PriceListImportException e) {
                showPreview(content); // the catalog or the draft changed meanwhile: show the new errors
            } catch (com.gpuquote.shared.ConflictException e) {
                showPreview(content); // the draft changed since the preview: show the new diff, confirm again
                throw e;
            }
        });
    }

    private Charset chosenCharset() {
        return switch (charset.getValue() == null ? AUTO : charset.getValue()) {
            case "UTF-8" -> StandardCharsets.UTF_8;
            case "GB18030" -> PriceListCsv.GB18030;
            default -> null;
        };
    }
}
