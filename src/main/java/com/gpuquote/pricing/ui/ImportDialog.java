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
        UI ui = UI.getCurrent();
        upload = new Upload(UploadHandler.inMemory((meta, bytes) -> ui.access(() -> showPreview(bytes))));
        upload.setId("import-upload");
        upload.setAcceptedFileTypes(".csv", "text/csv");
        upload.setMaxFiles(1);
        upload.setMaxFileSize((int) PriceListCsv.MAX_BYTES);
        upload.addFileRejectedListener(e -> Notifications.error(getTranslation("pricing.csv.error.file_too_large",
                PriceListCsv.MAX_BYTES / (1024 * 1024))));
        add(new Paragraph(getTranslation("pricing.import.help")), charset, upload);
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
        ImportPreview preview = priceLists.preview(draft.id(), bytes, chosenCharset());
        shown = preview;
        previewPanel = new ImportPreviewPanel(preview);
        add(previewPanel);
        confirm.setEnabled(preview.isValid());
    }

    private void apply() {
        Notifications.attempt(() -> {
            try {
                ImportResult r = priceLists.applyImport(draft.id(), content, chosenCharset(), shown.draftRowVersion());
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
