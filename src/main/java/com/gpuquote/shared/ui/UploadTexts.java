package com.gpuquote.shared.ui;

import com.gpuquote.shared.I18n;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.component.upload.UploadI18N;

import java.util.List;
import java.util.Locale;

/** The upload component's own texts (button, drop hint, errors, progress) in the user's language. */
public final class UploadTexts {

    private UploadTexts() {
    }

    /** Sets every text of {@code upload} from the bundles in {@code locale}; returns it. */
    public static Upload apply(Upload upload, Locale locale) {
        UploadI18N i18n = new UploadI18N()
                .setAddFiles(new UploadI18N.AddFiles().setOne(t(locale, "addOne")).setMany(t(locale, "addMany")))
                .setDropFiles(new UploadI18N.DropFiles().setOne(t(locale, "dropOne")).setMany(t(locale, "dropMany")))
                .setError(new UploadI18N.Error().setTooManyFiles(t(locale, "tooMany"))
                        .setFileIsTooBig(t(locale, "tooBig")).setIncorrectFileType(t(locale, "wrongType")))
                .setFile(new UploadI18N.File().setRetry(t(locale, "retry")).setStart(t(locale, "start"))
                        .setRemove(t(locale, "remove")))
                .setUploading(new UploadI18N.Uploading()
                        .setStatus(new UploadI18N.Uploading.Status().setConnecting(t(locale, "connecting"))
                                .setStalled(t(locale, "stalled")).setProcessing(t(locale, "processing"))
                                .setHeld(t(locale, "held")))
                        .setRemainingTime(new UploadI18N.Uploading.RemainingTime().setPrefix(t(locale, "remaining"))
                                .setUnknown(t(locale, "remainingUnknown")))
                        .setError(new UploadI18N.Uploading.Error().setServerUnavailable(t(locale, "serverUnavailable"))
                                .setUnexpectedServerError(t(locale, "serverError")).setForbidden(t(locale, "forbidden"))))
                .setUnits(List.of("B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"));
        upload.setI18n(i18n);
        return upload;
    }

    private static String t(Locale locale, String key) {
        return I18n.get(locale, "shared.upload." + key);
    }
}
