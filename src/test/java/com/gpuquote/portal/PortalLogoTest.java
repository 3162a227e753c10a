package com.gpuquote.portal;

import com.gpuquote.KaribuTest;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.pdf.QuotePdfService;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TestLogos;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Image;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/** The reseller's logo (ADR 0008) on the quote PDF (app and portal) and in the portal page's header. */
class PortalLogoTest extends KaribuTest {

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    AsUser as;
    @Autowired
    TenantBrandingService branding;
    @Autowired
    QuotePdfService quotePdfs;
    @Autowired
    CustomerPortal customerPortal;

    @BeforeEach
    void resetThrottle() {
        throttle.reset("127.0.0.1");
        logout();
    }

    @Test
    void bothPdfsCarryTheLogoOnceTheAdminUploadedOne() throws IOException {
        PortalFixtures.Sent s = fixtures.sentQuote();
        assertThat(images(as.call(s.tenant().consultantEmail(), () -> quotePdfs.render(s.quoteId())).content()))
                .as("no logo yet: a text header").isEmpty();
        assertThat(images(customerPortal.pdf(s.token()).bytes())).isEmpty();

        as.run(s.tenant().adminEmail(), () -> branding.uploadLogo(TestLogos.png(), "image/png"));
        assertThat(images(as.call(s.tenant().consultantEmail(), () -> quotePdfs.render(s.quoteId())).content()))
                .singleElement().satisfies(i -> {
                    assertThat(i.getWidth()).isEqualTo(120);
                    assertThat(i.getHeight()).isEqualTo(40);
                });
        assertThat(images(customerPortal.pdf(s.token()).bytes())).hasSize(1);

        // a JPEG goes into the PDF as it is (DCT), no conversion needed
        as.run(s.tenant().adminEmail(), () -> branding.uploadLogo(TestLogos.jpeg(200, 50), "image/jpeg"));
        assertThat(images(customerPortal.pdf(s.token()).bytes())).singleElement()
                .satisfies(i -> assertThat(i.getSuffix()).isEqualTo("jpg"));
    }

    @Test
    void thePortalPageShowsItsOwnResellersLogoAndNoneForAResellerWithout() {
        PortalFixtures.Sent withLogo = fixtures.sentQuote();
        byte[] png = TestLogos.png();
        as.run(withLogo.tenant().adminEmail(), () -> branding.uploadLogo(png, "image/png"));
        PortalFixtures.Sent without = fixtures.sentQuote();

        UI.getCurrent().navigate("portal/q/" + withLogo.token());
        Image logo = _get(Image.class, i -> i.withId("portal-logo"));
        assertThat(com.github.mvysny.kaributesting.v10.DownloadKt.download(logo)).isEqualTo(png);
        assertThat(logo.getAlt().orElseThrow()).contains(withLogo.tenant().tenant().name());
        assertThat(_get(H1.class, h -> h.withId("portal-brand")).getText()).isEqualTo(withLogo.tenant().tenant().name());

        UI.getCurrent().navigate("portal/q/" + without.token());
        assertThat(_find(Image.class, i -> i.withId("portal-logo"))).as("the other reseller has none").isEmpty();
        assertThat(_get(H1.class, h -> h.withId("portal-brand")).getText()).isEqualTo(without.tenant().tenant().name());
    }

    private static List<PDImageXObject> images(byte[] pdf) throws IOException {
        List<PDImageXObject> images = new ArrayList<>();
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            PDResources resources = doc.getPage(0).getResources();
            for (COSName name : resources.getXObjectNames()) {
                if (resources.getXObject(name) instanceof PDImageXObject image) {
                    image.getImage(); // decodable
                    images.add(image);
                }
            }
        }
        return images;
    }
}
