package com.gpuquote.deployment.ui;

import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.deployment.DeploymentService;
import com.gpuquote.deployment.ImportResult;
import com.gpuquote.deployment.LineError;
import com.gpuquote.deployment.UtilizationImportException;
import com.gpuquote.deployment.UtilizationUpload;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.server.Command;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.server.streams.UploadHandler;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;

/**
 * Upload of a utilisation file (nvidia-smi CSV, host memory CSV, DCGM exporter text; the format is detected). Shows
 * what was imported, or every error with its line (nothing is stored then).
 */
class ImportPanel extends Details {

    final Upload upload;
    /** The node a file of a multi-instance deployment comes from (blank: the only or unnamed node). */
    final com.vaadin.flow.component.textfield.TextField host = new com.vaadin.flow.component.textfield.TextField();
    final Paragraph result = new Paragraph();
    final Grid<LineError> errors = new Grid<>(LineError.class, false);
    /** What differs between the file's GPUs and the deployment's (issue 42), with "record anyway". */
    final com.vaadin.flow.component.html.Div mismatch = new com.vaadin.flow.component.html.Div();
    final com.vaadin.flow.component.html.UnorderedList differences = new com.vaadin.flow.component.html.UnorderedList();
    final com.vaadin.flow.component.button.Button recordAnyway = new com.vaadin.flow.component.button.Button();
    /** The refused file kept for "record anyway" (deleted on the next upload, after recording, or on detach). */
    private @org.jspecify.annotations.Nullable UtilizationUpload pending;
    private final DeploymentService deployments;
    private final DeploymentId deployment;
    private final Runnable imported;

    ImportPanel(DeploymentService deployments, DeploymentId deployment, Runnable imported) {
        this.deployments = deployments;
        this.deployment = deployment;
        this.imported = imported;
        setSummaryText(getTranslation("deployment.import.title"));
        setId("deployment-import");
        UI ui = UI.getCurrent();
        // spooled to a temporary file in the upload's request (at most the limit), imported in the UI's turn
        upload = new Upload((UploadHandler) event -> receive(event.getInputStream(), ui::access));
        upload.setId("deployment-upload");
        upload.setMaxFiles(1);
        upload.setMaxFileSize(DeploymentService.MAX_FILE_BYTES);
        upload.setAcceptedFileTypes(".csv", ".txt", ".prom", ".log", "text/csv", "text/plain");
        upload.addFileRejectedListener(e -> refuseTooLarge());
        result.setId("deployment-import-result");
        errors.setId("deployment-import-errors");
        errors.addColumn(LineError::line).setHeader(getTranslation("deployment.import.line")).setAutoWidth(true).setFlexGrow(0);
        errors.addColumn(e -> e.message(getLocale())).setHeader(getTranslation("deployment.import.problem")).setFlexGrow(1);
        errors.setAllRowsVisible(true);
        errors.setVisible(false);
        host.setId("deployment-import-host");
        host.setLabel(getTranslation("deployment.import.host"));
        host.setHelperText(getTranslation("deployment.import.hostHelp"));
        host.setMaxLength(com.gpuquote.deployment.UtilizationParser.MAX_NODE_LENGTH);
        host.setClearButtonVisible(true);
        mismatch.setId("deployment-import-mismatch");
        differences.setId("deployment-import-differences");
        recordAnyway.setId("deployment-import-record-anyway");
        recordAnyway.setText(getTranslation("deployment.import.recordAnyway"));
        recordAnyway.addThemeVariants(com.vaadin.flow.component.button.ButtonVariant.LUMO_ERROR);
        recordAnyway.addClickListener(e -> recordAnyway());
        Paragraph recordHelp = new Paragraph(getTranslation("deployment.import.recordAnywayHelp"));
        mismatch.add(new Paragraph(getTranslation("deployment.import.hardwareMismatch")), differences, recordHelp,
                recordAnyway);
        mismatch.setVisible(false);
        addDetachListener(e -> discardPending());
        VerticalLayout content = new VerticalLayout(new Paragraph(getTranslation("deployment.import.help")), host,
                upload, result, errors, mismatch);
        content.setPadding(false);
        add(content);
        setOpened(true);
    }

    /**
     * Spools an upload's stream to a temporary file (reading stops past the limit) and then, through {@code inUi},
     * imports it or says the file is too large; the temporary file is deleted after the import.
     */
    void receive(InputStream in, Consumer<Command> inUi) throws IOException {
        UtilizationUpload file;
        try {
            file = UtilizationUpload.spool(in);
        } catch (UtilizationUpload.TooLarge e) {
            inUi.accept(this::refuseTooLarge);
            return;
        }
        try {
            inUi.accept(() -> importUpload(file)); // importUpload deletes the file, or keeps it for "record anyway"
        } catch (RuntimeException e) {
            file.close(); // the UI is gone (UIDetachedException): the import never runs, its file goes
            throw e;
        }
    }

    /** Imports the bytes of an uploaded file. */
    void importBytes(byte[] bytes) {
        importUpload(UtilizationUpload.of(bytes));
    }

    private void refuseTooLarge() {
        String message = getTranslation("deployment.import.error.tooLarge", UtilizationUpload.MAX_BYTES / (1024 * 1024));
        errors.setVisible(false);
        result.setText(message);
        Notifications.error(message);
    }

    /**
     * Imports an upload and deletes its file, except when its GPUs differ from the deployment's: then the differences
     * are shown with "record anyway", which imports the same file with the hardware confirmed.
     */
    void importUpload(UtilizationUpload file) {
        discardPending();
        if (!importUpload(file, false)) {
            pending = file;
        } else {
            file.close();
        }
    }

    /** "Record anyway": the refused file again, with its hardware confirmed. */
    void recordAnyway() {
        UtilizationUpload file = pending;
        if (file == null) {
            return;
        }
        pending = null;
        try (file) {
            importUpload(file, true);
        }
    }

    private void discardPending() {
        if (pending != null) {
            pending.close();
            pending = null;
        }
        mismatch.setVisible(false);
    }

    /** False when the file was refused for its hardware (and may be recorded anyway). */
    private boolean importUpload(UtilizationUpload file, boolean confirmHardware) {
        mismatch.setVisible(false);
        try {
            ImportResult r = deployments.importUtilization(deployment, file, null, host.getValue(), confirmHardware);
            host.setInvalid(false);
            errors.setVisible(false);
            String done = getTranslation("deployment.import.done", r.imported(), r.duplicates(), r.gpus(),
                    getTranslation("deployment.format." + r.format().name()),
                    Formats.chinaDateTime(r.from()), Formats.chinaDateTime(r.to()));
            if (!r.hardwareMismatch().isEmpty()) {
                done += " " + getTranslation("deployment.import.recordedMismatch", String.join(
                        getTranslation("deployment.hardware.separator"),
                        r.hardwareMismatch().stream().map(d -> d.message(getLocale())).toList()));
            }
            result.setText(done);
            imported.run();
        } catch (com.gpuquote.deployment.HardwareMismatchException e) {
            errors.setVisible(false);
            result.setText("");
            differences.removeAll();
            e.differences().forEach(d -> {
                com.vaadin.flow.component.html.ListItem item = new com.vaadin.flow.component.html.ListItem(
                        d.message(getLocale()));
                item.getElement().setAttribute("data-field", d.field());
                differences.add(item);
            });
            mismatch.setVisible(true);
            return false;
        } catch (com.gpuquote.shared.InvalidInputException e) {
            host.setErrorMessage(getTranslation("deployment.import.hostInvalid"));
            host.setInvalid(true);
        } catch (UtilizationImportException e) {
            result.setText(getTranslation("deployment.import.refused", e.errors().size()));
            errors.setItems(e.errors());
            errors.setVisible(true);
        } catch (UtilizationUpload.TooLarge e) {
            refuseTooLarge();
        }
        return true;
    }
}
