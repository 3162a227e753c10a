package com.gpuquote.user.ui;

import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.layout.MainLayout;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TenantLogo;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.server.streams.UploadHandler;

import java.util.Optional;

/**
 * The logo part of the tenant settings (ADR 0008): the current logo, an upload (PNG or JPEG up to 512 KiB; the
 * service decodes it and has the last word) and removal. A change shows in the drawer of this UI at once.
 */
class TenantLogoSection extends VerticalLayout {

    private final TenantBrandingService branding;
    private final Div preview = new Div();
    private final Button remove = new Button();

    TenantLogoSection(TenantBrandingService branding) {
        this.branding = branding;
        setId("settings-logo");
        setPadding(false);
        preview.setId("settings-logo-preview");
        Paragraph help = new Paragraph(getTranslation("settings.logo.help"));
        help.addClassName("help");

        UI ui = UI.getCurrent();
        Upload upload = new Upload(UploadHandler.inMemory((meta, bytes) ->
                ui.access(() -> upload(bytes, meta.contentType()))));
        com.gpuquote.shared.ui.UploadTexts.apply(upload, getLocale());
        upload.setId("settings-logo-upload");
        upload.setAcceptedFileTypes(TenantLogo.PNG, TenantLogo.JPEG, ".png", ".jpg", ".jpeg");
        upload.setMaxFileSize(TenantBrandingService.MAX_BYTES);
        upload.setMaxFiles(1);
        upload.setUploadButton(new Button(getTranslation("settings.logo.choose")));
        upload.setDropLabel(new Span(getTranslation("settings.logo.drop")));
        upload.addFileRejectedListener(e -> Notifications.error(getTranslation("settings.logo.rejected")));
        // one logo at a time: the finished file leaves the list, so the next upload needs no clearing first
        upload.addAllFinishedListener(e -> upload.clearFileList());

        remove.setText(getTranslation("settings.logo.remove"));
        remove.setId("settings-logo-remove");
        remove.addThemeVariants(ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_TERTIARY);
        remove.addClickListener(e -> remove());

        add(new H3(getTranslation("settings.logo")), help, preview, upload, remove);
        Notifications.attempt(() -> show(branding.logo()));
    }

    private void upload(byte[] bytes, String contentType) {
        TenantLogo[] saved = new TenantLogo[1];
        if (Notifications.attempt(() -> saved[0] = branding.uploadLogo(bytes, contentType))) {
            show(Optional.of(saved[0]));
            MainLayout.logoChanged();
            Notifications.success(getTranslation("settings.logo.uploaded"));
        }
    }

    private void remove() {
        if (Notifications.attempt(branding::removeLogo)) {
            show(Optional.empty());
            MainLayout.logoChanged();
            Notifications.success(getTranslation("settings.logo.removed"));
        }
    }

    private void show(Optional<TenantLogo> logo) {
        preview.removeAll();
        remove.setEnabled(logo.isPresent());
        if (logo.isEmpty()) {
            Span none = new Span(getTranslation("settings.logo.none"));
            none.setId("settings-logo-none");
            preview.add(none);
            return;
        }
        TenantLogo l = logo.get();
        byte[] bytes = l.bytes();
        Image image = new Image(Downloads.inline(l.fileName(), l.contentType(), () -> bytes),
                getTranslation("settings.logo.alt"));
        image.setId("settings-logo-image");
        image.setMaxHeight("6rem");
        image.setMaxWidth("20rem");
        Span size = new Span(getTranslation("settings.logo.size", l.width(), l.height(),
                Math.max(1, Math.round(bytes.length / 1024.0))));
        size.setId("settings-logo-size");
        preview.add(new VerticalLayout(image, size));
    }
}
