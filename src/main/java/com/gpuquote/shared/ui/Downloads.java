package com.gpuquote.shared.ui;

import com.vaadin.flow.server.streams.DownloadHandler;
import com.vaadin.flow.server.streams.DownloadResponse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Download handlers (Vaadin 24.8+) for content made in memory: images shown inline (logos, SVG charts) and files
 * the user saves (CSV, PDF); and for exports streamed as they are read ({@link #attachmentStream}). Replaces the
 * deprecated {@code StreamResource}. The content is produced when the browser asks for it, in that request, with the
 * signed-in user's security context.
 */
public final class Downloads {

    public static final String SVG = "image/svg+xml";
    public static final String CSV = "text/csv;charset=UTF-8";
    public static final String PDF = "application/pdf";

    private Downloads() {
    }

    /** Shown in the page (img src, a PDF opened in a tab). */
    public static DownloadHandler inline(String fileName, String contentType, Supplier<byte[]> content) {
        return handler(fileName, contentType, content).inline();
    }

    /** Saved as a file by the browser. */
    public static DownloadHandler attachment(String fileName, String contentType, Supplier<byte[]> content) {
        return handler(fileName, contentType, content);
    }

    /**
     * Saved as a file by the browser, written to the response while it is produced (exports of every row): no copy
     * of the whole file in memory, and the first bytes leave before the last row is read.
     */
    public static DownloadHandler attachmentStream(String fileName, String contentType, Content content) {
        return event -> {
            event.setFileName(fileName);
            event.setContentType(contentType);
            try (OutputStream out = event.getOutputStream()) {
                content.writeTo(out);
            }
        };
    }

    /** Writes a download's bytes. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** An SVG drawn on the server, shown inline. */
    public static DownloadHandler svg(String fileName, Supplier<String> svg) {
        return inline(fileName, SVG, () -> svg.get().getBytes(StandardCharsets.UTF_8));
    }

    private static com.vaadin.flow.server.streams.InputStreamDownloadHandler handler(String fileName, String contentType,
                                                                                       Supplier<byte[]> content) {
        return DownloadHandler.fromInputStream(event -> {
            byte[] bytes = content.get();
            return new DownloadResponse(new ByteArrayInputStream(bytes), fileName, contentType, bytes.length);
        });
    }
}
