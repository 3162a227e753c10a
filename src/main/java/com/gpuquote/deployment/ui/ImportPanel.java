package com.gpuquote.deployment.ui;

import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.deployment.DeploymentService;
import com.gpuquote.deployment.ImportResult;
import com.gpuquote.deployment.LineError;
import com.gpuquote.deployment.UtilizationImportException;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.server.streams.UploadHandler;

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
        upload = new Upload(UploadHandler.inMemory((meta, bytes) -> ui.access(() -> importBytes(bytes))));
        upload.setId("deployment-upload");
        upload.setMaxFiles(1);
        upload.setMaxFileSize(DeploymentService.MAX_FILE_BYTES);
        upload.setAcceptedFileTypes(".csv", ".txt", ".prom", ".log", "text/csv", "text/plain");
        upload.addFileRejectedListener(e -> Notifications.error(getTranslation("deployment.import.error.tooLarge",
                DeploymentService.MAX_FILE_BYTES / (1024 * 1024))));
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
        VerticalLayout content = new VerticalLayout(new Paragraph(getTranslation("deployment.import.help")), host,
                upload, result, errors);
        content.setPadding(false);
        add(content);
        setOpened(true);
    }

    /** Imports the bytes of an uploaded file. */
    void importBytes(byte[] bytes) {
        try {
            ImportResult r = deployments.importUtilization(deployment, bytes, null, host.getValue());
            host.setInvalid(false);
            errors.setVisible(false);
            result.setText(getTranslation("deployment.import.done", r.imported(), r.duplicates(), r.gpus(),
                    getTranslation("deployment.format." + r.format().name()),
                    Formats.chinaDateTime(r.from()), Formats.chinaDateTime(r.to())));
            imported.run();
        } catch (com.gpuquote.shared.InvalidInputException e) {
            host.setErrorMessage(getTranslation("deployment.import.hostInvalid"));
            host.setInvalid(true);
        } catch (UtilizationImportException e) {
            result.setText(getTranslation("deployment.import.refused", e.errors().size()));
            errors.setItems(e.errors());
            errors.setVisible(true);
        }
    }
}
