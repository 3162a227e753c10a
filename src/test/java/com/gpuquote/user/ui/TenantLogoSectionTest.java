package com.gpuquote.user.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TestLogos;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.upload.Upload;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;

import static com.github.mvysny.kaributesting.v10.DownloadKt.download;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.UploadKt._upload;
import static org.assertj.core.api.Assertions.assertThat;

/** The logo section of the tenant settings and the logo in the drawer (ADR 0008). */
class TenantLogoSectionTest extends KaribuTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    TenantBrandingService branding;

    @Test
    void adminUploadsALogoSeesItInThePreviewAndTheDrawerThenRemovesIt() {
        var t = testTenants.create();
        login(t.adminEmail());
        UI.getCurrent().navigate(TenantSettingsView.class);
        assertThat(_get(Span.class, s -> s.withId("settings-logo-none")).getText()).startsWith("尚未上传徽标");
        assertThat(removeButton().isEnabled()).isFalse();
        assertThat(_find(Image.class, i -> i.withId("tenant-logo-image"))).as("no logo in the drawer").isEmpty();

        byte[] png = TestLogos.png();
        _upload(upload(), "logo.png", "image/png", png);

        assertThat(notificationTexts()).contains("徽标已更新");
        assertThat(download(_get(Image.class, i -> i.withId("settings-logo-image")))).isEqualTo(png);
        assertThat(_get(Span.class, s -> s.withId("settings-logo-size")).getText()).startsWith("120 × 40 像素");
        assertThat(download(_get(Image.class, i -> i.withId("tenant-logo-image")))).as("drawer").isEqualTo(png);
        assertThat(_get(Span.class, s -> s.withId("tenant-name")).getText()).isEqualTo(t.tenant().name());
        assertThat(branding.logo().orElseThrow().bytes()).isEqualTo(png);

        // a file that is not an image is refused with the field's message and leaves the logo as it was
        _upload(upload(), "logo.png", "image/png", "not a picture".getBytes(StandardCharsets.UTF_8));
        assertThat(notificationTexts()).contains("徽标: 无法读取为 PNG 或 JPEG 图片");
        assertThat(branding.logo().orElseThrow().bytes()).isEqualTo(png);

        _click(removeButton());
        assertThat(notificationTexts()).contains("徽标已删除");
        assertThat(branding.logo()).isEmpty();
        _get(Span.class, s -> s.withId("settings-logo-none"));
        assertThat(_find(Image.class, i -> i.withId("tenant-logo-image"))).as("gone from the drawer").isEmpty();
    }

    @Test
    void aConsultantSeesTheLogoInTheDrawerAndEnglishTextsAreTranslated() {
        var t = testTenants.create("en");
        byte[] jpeg = TestLogos.jpeg(64, 64);
        login(t.adminEmail());
        branding.uploadLogo(jpeg, "image/jpeg");
        useLocale(java.util.Locale.ENGLISH);
        UI.getCurrent().navigate(TenantSettingsView.class);
        assertThat(_get(Button.class, b -> b.withId("settings-logo-remove")).getText()).isEqualTo("Remove logo");
        assertThat(_get(Span.class, s -> s.withId("settings-logo-size")).getText()).startsWith("64 × 64 pixels");

        logout();
        login(t.consultantEmail());
        UI.getCurrent().navigate("");
        // the stored logo (re-encoded at upload, so not the uploaded file's bytes)
        assertThat(download(_get(Image.class, i -> i.withId("tenant-logo-image"))))
                .isEqualTo(branding.logo().orElseThrow().bytes());
    }

    private static Upload upload() {
        return _get(Upload.class, u -> u.withId("settings-logo-upload"));
    }

    private static Button removeButton() {
        return _get(Button.class, b -> b.withId("settings-logo-remove"));
    }
}
