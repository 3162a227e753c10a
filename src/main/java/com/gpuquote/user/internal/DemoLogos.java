package com.gpuquote.user.internal;

import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TenantLogo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Profile;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Component;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;

/**
 * A simple logo for each demo tenant (profile demo, after the demo accounts): a coloured tile with a chip outline,
 * drawn with Java2D (no fonts needed). Uploaded through the secured service as the tenant's demo admin, so it is
 * validated and audited like any upload. Idempotent: a tenant that has a logo keeps it.
 */
@Component
@Profile("demo")
@Order(15)
class DemoLogos implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(DemoLogos.class);
    private static final Map<String, Color> DEMO_ADMINS = Map.of(
            "admin@sanfei.demo", new Color(196, 30, 58),
            "admin@northwind.demo", new Color(20, 70, 140));

    private final TenantBrandingService branding;
    private final UserDetailsService users;

    DemoLogos(TenantBrandingService branding, UserDetailsService users) {
        this.branding = branding;
        this.users = users;
    }

    @Override
    public void run(ApplicationArguments args) {
        DEMO_ADMINS.forEach((admin, color) -> {
            GpuQuoteUser user;
            try {
                user = (GpuQuoteUser) users.loadUserByUsername(admin);
            } catch (UsernameNotFoundException e) {
                log.warn("Demo admin {} missing; no demo logo for it", admin);
                return;
            }
            SystemAuthentication.asUser(user, () -> {
                if (branding.logoFileName().isEmpty()) {
                    branding.uploadLogo(draw(color), TenantLogo.PNG);
                }
            });
        });
    }

    static byte[] draw(Color color) {
        int size = 96;
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(color);
        g.fillRoundRect(0, 0, size, size, 24, 24);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(5));
        g.drawRect(28, 28, 40, 40); // the chip
        g.fillRect(40, 40, 16, 16);
        for (int i = 0; i < 3; i++) { // its pins
            int p = 34 + i * 14;
            g.drawLine(p, 14, p, 26);
            g.drawLine(p, 70, p, 82);
            g.drawLine(14, p, 26, p);
            g.drawLine(70, p, 82, p);
        }
        g.dispose();
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

}
