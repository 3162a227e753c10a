package com.gpuquote.tenancy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.audit.AuditEvent;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.Sha256;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.access.AccessDeniedException;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.Arrays;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Base64;

import static com.gpuquote.tenancy.RowLevelSecurityTest.count;
import static com.gpuquote.tenancy.RowLevelSecurityTest.setTenant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The tenant logo (ADR 0008): what is accepted, who may change it, and that it never crosses tenants. */
class TenantLogoTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    SignedIn signedIn;
    @Autowired
    TenantBrandingService branding;
    @Autowired
    AuditLog audit;
    @Autowired
    ObjectMapper json;

    @Test
    void adminUploadsAPngEveryUserOfTheTenantReadsItAndRemovalIsAudited() {
        var t = testTenants.create();
        byte[] png = TestLogos.png();
        TenantLogo saved = signedIn.as(t.adminEmail(), () -> branding.uploadLogo(png, "image/png"));
        assertThat(saved.contentType()).isEqualTo("image/png");
        assertThat(saved.width()).isEqualTo(120);
        assertThat(saved.height()).isEqualTo(40);
        assertThat(saved.updatedBy()).isEqualTo(t.adminEmail());

        TenantLogo read = signedIn.as(t.consultantEmail(), () -> branding.logo()).orElseThrow();
        assertThat(read.bytes()).isEqualTo(png);
        assertThat(signedIn.as(t.consultantEmail(), () -> branding.logoFileName()))
                .contains("logo-" + read.sha256().substring(0, 8) + ".png");

        // a JPEG replaces it, whatever the browser called it
        byte[] jpeg = TestLogos.jpeg(300, 100);
        TenantLogo replaced = signedIn.as(t.adminEmail(), () -> branding.uploadLogo(jpeg, "image/jpg"));
        assertThat(replaced.contentType()).isEqualTo("image/jpeg");
        // stored re-encoded (JPEG is lossy, so other bytes): the same picture, not the same file
        BufferedImage stored = decode(signedIn.as(t.consultantEmail(), () -> branding.logo())
                .orElseThrow().bytes());
        assertThat(stored.getWidth()).isEqualTo(300);
        assertThat(stored.getHeight()).isEqualTo(100);

        assertThat(signedIn.as(t.adminEmail(), () -> branding.removeLogo())).isTrue();
        assertThat(signedIn.as(t.consultantEmail(), () -> branding.logo())).isEmpty();
        assertThat(signedIn.as(t.adminEmail(), () -> branding.removeLogo())).as("nothing left to remove").isFalse();

        var events = signedIn.as(t.adminEmail(), () -> audit.find(AuditLog.Filter.NONE, 0, 50));
        assertThat(events).extracting(AuditEvent::action)
                .containsSubsequence("TENANT_LOGO_REMOVED", "TENANT_LOGO_UPLOADED", "TENANT_LOGO_UPLOADED")
                .filteredOn("TENANT_LOGO_REMOVED"::equals).hasSize(1);
        assertThat(events).filteredOn(e -> e.action().equals("TENANT_LOGO_UPLOADED")).first()
                .satisfies(e -> assertThat(e.actor()).isEqualTo(t.adminEmail()));
    }

    /** Issue 44: a valid PNG with an HTML page after its end is stored as its pixels only, never as uploaded. */
    @Test
    void aPngFollowedByHtmlIsStoredReEncodedWithoutTheHtml() throws Exception {
        var t = testTenants.create();
        byte[] png = TestLogos.png(64, 32, Color.BLUE);
        byte[] html = "<html><body><script>alert(document.cookie)</script></body></html>"
                .getBytes(StandardCharsets.US_ASCII);
        byte[] polyglot = Arrays.copyOf(png, png.length + html.length);
        System.arraycopy(html, 0, polyglot, png.length, html.length);

        TenantLogo saved = signedIn.as(t.adminEmail(), () -> branding.uploadLogo(polyglot, "image/png"));
        byte[] stored = signedIn.as(t.consultantEmail(), () -> branding.logo()).orElseThrow().bytes();
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain("<html")
                .doesNotContain("script");
        assertThat(stored).isNotEqualTo(polyglot);
        assertThat(saved.sha256()).isEqualTo(Sha256.hex(stored));
        BufferedImage pixels = decode(stored);
        assertThat(pixels.getWidth()).isEqualTo(64);
        assertThat(pixels.getRGB(0, 0) & 0xffffff).as("the upload's pixels")
                .isEqualTo(decode(png).getRGB(0, 0) & 0xffffff);
    }

    private static BufferedImage decode(byte[] bytes) {
        try {
            return ImageIO.read(new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void nonImagesOtherTypesOversizedFilesAndHugeImagesAreRefusedOnFieldLogoAndNothingIsStored() {
        var t = testTenants.create();
        byte[] noise = TestLogos.noisePng(500, 500);
        assertThat(noise.length).as("the noise image is over 512 KiB").isGreaterThan(512 * 1024);
        Object[][] cases = {
                {"not an image".getBytes(StandardCharsets.UTF_8), "image/png", "tenant.logo.notImage"},
                {new byte[0], "image/png", "tenant.logo.notImage"},
                {truncated(TestLogos.png()), "image/png", "tenant.logo.notImage"},
                {TestLogos.gif(40, 40), "image/gif", "tenant.logo.type"},
                {TestLogos.gif(40, 40), "image/png", "tenant.logo.type"}, // a GIF that claims to be a PNG
                {"<svg xmlns='http://www.w3.org/2000/svg'/>".getBytes(StandardCharsets.UTF_8), "image/svg+xml",
                        "tenant.logo.type"},
                {noise, "image/png", "tenant.logo.tooLarge"},
                {TestLogos.png(3000, 20, Color.BLUE), "image/png", "tenant.logo.dimensions"},
        };
        for (Object[] c : cases) {
            assertThatThrownBy(() -> signedIn.as(t.adminEmail(), () -> branding.uploadLogo((byte[]) c[0], (String) c[1])))
                    .as("%s as %s", c[2], c[1])
                    .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                            .extracting(FieldError::field, FieldError::code)
                            .containsExactly(org.assertj.core.groups.Tuple.tuple("logo", c[2])));
        }
        assertThat(signedIn.as(t.adminEmail(), () -> branding.logo())).isEmpty();
        assertThat(signedIn.as(t.adminEmail(), () -> audit.find(AuditLog.Filter.NONE, 0, 50)))
                .extracting(AuditEvent::action).doesNotContain("TENANT_LOGO_UPLOADED");
    }

    @Test
    void theDemoTenantsHaveTheirGeneratedLogo() {
        TenantLogo sanfei = signedIn.as("consultant@sanfei.demo", () -> branding.logo()).orElseThrow();
        TenantLogo northwind = signedIn.as("consultant@northwind.demo", () -> branding.logo()).orElseThrow();
        assertThat(sanfei.contentType()).isEqualTo("image/png");
        assertThat(sanfei.width()).isEqualTo(96);
        assertThat(sanfei.sha256()).as("each its own colour").isNotEqualTo(northwind.sha256());
    }

    @Test
    void aConsultantCannotChangeTheLogo() {
        var t = testTenants.create();
        signedIn.as(t.adminEmail(), () -> branding.uploadLogo(TestLogos.png(), "image/png"));
        signedIn.as(t.consultantEmail(), () -> {
            assertThatThrownBy(() -> branding.uploadLogo(TestLogos.jpeg(50, 50), "image/jpeg"))
                    .isInstanceOf(AccessDeniedException.class);
            assertThatThrownBy(() -> branding.removeLogo()).isInstanceOf(AccessDeniedException.class);
        });
        assertThat(signedIn.as(t.consultantEmail(), () -> branding.logo()).orElseThrow().contentType())
                .isEqualTo("image/png");
    }

    @Test
    void anotherTenantNeverSeesOrRemovesTheLogoThroughServicesOrRawSql() throws Exception {
        var a = testTenants.create();
        var b = testTenants.create();
        byte[] png = TestLogos.png(80, 80, Color.RED);
        signedIn.as(a.adminEmail(), () -> branding.uploadLogo(png, "image/png"));

        signedIn.as(b.adminEmail(), () -> {
            assertThat(branding.logo()).isEmpty();
            assertThat(branding.logoFileName()).isEmpty();
            assertThat(branding.removeLogo()).isFalse();
        });
        // a platform admin has no tenant, so no logo either
        assertThat(signedIn.as("platform@gpuquote.demo", () -> branding.logo())).isEmpty();
        assertThat(signedIn.as(a.consultantEmail(), () -> branding.logo())).isPresent();

        // the server-side reader for the portal is bound by row-level security to the scope it runs in
        java.util.Optional<TenantLogo> crossTenant = TenantContext.runAs(TenantContext.Scope.tenant(b.tenant().id()),
                () -> new org.springframework.transaction.support.TransactionTemplate(txm)
                        .execute(s -> branding.logoOf(a.tenant().id())));
        assertThat(crossTenant).isEmpty();

        java.util.UUID aId = a.tenant().id().value();
        try (Connection c = TestDatabase.runtimeConnection()) {
            assertThat(count(c, "select count(*) from tenant_logos where tenant_id = ?", aId)).as("no tenant set").isZero();
            c.setAutoCommit(false);
            setTenant(c, b.tenant().id().value().toString());
            assertThat(count(c, "select count(*) from tenant_logos where tenant_id = ?", aId)).as("as B").isZero();
            assertThat(RowLevelSecurityTest.update(c, "delete from tenant_logos where tenant_id = ?", aId)).isZero();
            c.rollback();
            setTenant(c, aId.toString());
            try (PreparedStatement ps = c.prepareStatement("select bytes from tenant_logos where tenant_id = ?")) {
                ps.setObject(1, aId);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).as("as A").isTrue();
                    assertThat(rs.getBytes(1)).isEqualTo(png);
                }
            }
            c.rollback();
        }
    }

    @Test
    void restReadsReplacesAndRemovesTheLogoAndRefusesConsultantsAndBadFiles() throws Exception {
        var t = testTenants.create();
        assertThat(send("GET", t.adminEmail(), null, null).statusCode()).as("no logo yet").isEqualTo(404);

        byte[] png = TestLogos.png();
        assertThat(send("PUT", t.adminEmail(), "image/png", png).statusCode()).isEqualTo(204);
        HttpResponse<byte[]> got = send("GET", t.consultantEmail(), null, null);
        assertThat(got.statusCode()).isEqualTo(200);
        assertThat(got.headers().firstValue("Content-Type")).hasValue("image/png");
        assertThat(got.body()).isEqualTo(png);

        HttpResponse<byte[]> bad = send("PUT", t.adminEmail(), "image/png", "<html>".getBytes(StandardCharsets.UTF_8));
        assertThat(bad.statusCode()).isEqualTo(400);
        JsonNode problem = json.readTree(bad.body());
        assertThat(problem.path("errors").get(0).path("field").asText()).isEqualTo("logo");

        assertThat(send("PUT", t.adminEmail(), "image/png", TestLogos.noisePng(500, 500)).statusCode())
                .as("over 512 KiB").isEqualTo(400);
        assertThat(send("PUT", t.adminEmail(), "image/gif", TestLogos.gif(10, 10)).statusCode())
                .as("a content type the endpoint does not take").isEqualTo(415);
        assertThat(send("PUT", t.consultantEmail(), "image/jpeg", TestLogos.jpeg(20, 20)).statusCode()).isEqualTo(403);
        assertThat(send("DELETE", t.consultantEmail(), null, null).statusCode()).isEqualTo(403);
        assertThat(send("GET", t.adminEmail(), null, null).body()).as("unchanged by the refusals").isEqualTo(png);

        // another tenant's admin gets its own (absent) logo
        var other = testTenants.create();
        assertThat(send("GET", other.adminEmail(), null, null).statusCode()).isEqualTo(404);

        assertThat(send("DELETE", t.adminEmail(), null, null).statusCode()).isEqualTo(204);
        assertThat(send("GET", t.adminEmail(), null, null).statusCode()).isEqualTo(404);
    }

    @Autowired
    org.springframework.transaction.PlatformTransactionManager txm;

    private HttpResponse<byte[]> send(String method, String email, String contentType, byte[] body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/tenant/logo"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (email + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static byte[] truncated(byte[] image) {
        return Arrays.copyOf(image, image.length / 2);
    }
}
