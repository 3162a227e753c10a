package com.gpuquote.shared.web;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.jspecify.annotations.Nullable;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A REST request's body read completely before the request takes a turn (ADR 1856), so a client that sends its body
 * slowly holds a server thread but never one of the few turns. The read has a deadline: a body still arriving after
 * it is given up ({@link #read} answers null). Bodies larger than {@link #MAX_BUFFERED_BYTES} are buffered up to that
 * size and the rest streams from the connection as before (no endpoint accepts that much; each refuses it itself).
 * Form and multipart bodies are read by the container from its own stream: {@link #parseFormOrParts} has it parse
 * them before the turn, so the same holds for them (without the deadline: the connector's timeout per read applies).
 */
final class BufferedBody extends HttpServletRequestWrapper {

    /** Our policy: above every body an endpoint accepts (price-list CSV upload: 5 MB), small beside the heap. */
    static final int MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

    private final byte[] head;
    private final boolean complete;

    private BufferedBody(HttpServletRequest request, byte[] head, boolean complete) {
        super(request);
        this.head = head;
        this.complete = complete;
    }

    /** Whether the request carries a body this class reads (JSON, CSV, text; not forms or multipart). */
    static boolean applies(HttpServletRequest request) {
        boolean hasBody = request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
        String type = request.getContentType();
        String lower = type == null ? "" : type.toLowerCase(Locale.ROOT);
        return hasBody && !lower.startsWith("multipart/") && !lower.startsWith("application/x-www-form-urlencoded");
    }

    /** Whether the body is a form or multipart one, which the container reads and parses itself. */
    static boolean isFormOrMultipart(HttpServletRequest request) {
        boolean hasBody = request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
        String type = request.getContentType();
        String lower = type == null ? "" : type.toLowerCase(Locale.ROOT);
        return hasBody && (lower.startsWith("multipart/") || lower.startsWith("application/x-www-form-urlencoded"));
    }

    /**
     * Has the container read and parse a form or multipart body now (it keeps the result for every later call).
     * A failure is left for the later call, which fails the same way where the request is handled.
     */
    static void parseFormOrParts(HttpServletRequest request) {
        try {
            if (request.getContentType().toLowerCase(Locale.ROOT).startsWith("multipart/")) {
                request.getParts();
            } else {
                request.getParameterMap();
            }
        } catch (IOException | ServletException | RuntimeException e) {
            // malformed, too large or cut off: the handler's own parse reports it
        }
    }

    /**
     * The request with its body read, or null when the body did not arrive completely before {@code deadlineNanos}
     * ({@link System#nanoTime()}). A blocked read returns within the connector's connection timeout at the latest.
     */
    static @Nullable BufferedBody read(HttpServletRequest request, long deadlineNanos) throws IOException {
        InputStream in = request.getInputStream();
        long declared = request.getContentLengthLong();
        ByteArrayOutputStream out = new ByteArrayOutputStream(
                declared > 0 ? (int) Math.min(declared, 64 * 1024) : 1024);
        byte[] chunk = new byte[8192];
        while (out.size() < MAX_BUFFERED_BYTES) {
            int n = in.read(chunk, 0, Math.min(chunk.length, MAX_BUFFERED_BYTES - out.size()));
            if (n < 0) {
                return new BufferedBody(request, out.toByteArray(), true);
            }
            out.write(chunk, 0, n);
            if (System.nanoTime() - deadlineNanos > 0) {
                if (declared >= 0 && out.size() >= declared) {
                    break; // the last bytes came just in time
                }
                return null;
            }
        }
        return new BufferedBody(request, out.toByteArray(), declared >= 0 && out.size() >= declared);
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
        InputStream source = complete ? new ByteArrayInputStream(head)
                : new SequenceInputStream(new ByteArrayInputStream(head), super.getInputStream());
        return new ServletInputStream() {
            private boolean finished;

            @Override
            public int read() throws IOException {
                int b = source.read();
                finished = b < 0;
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = source.read(b, off, len);
                finished = n < 0;
                return n;
            }

            @Override
            public boolean isFinished() {
                return finished;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new IllegalStateException("the body was read before the request took its turn");
            }
        };
    }

    @Override
    public BufferedReader getReader() throws IOException {
        String encoding = getCharacterEncoding();
        Charset charset = encoding == null ? StandardCharsets.ISO_8859_1 : Charset.forName(encoding);
        return new BufferedReader(new InputStreamReader(getInputStream(), charset));
    }

    @Override
    public int getContentLength() {
        return complete ? head.length : super.getContentLength();
    }

    @Override
    public long getContentLengthLong() {
        return complete ? head.length : super.getContentLengthLong();
    }
}
