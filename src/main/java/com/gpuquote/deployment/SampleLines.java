package com.gpuquote.deployment;

import com.gpuquote.shared.CsvCharsets;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The lines of a utilisation file, read as a stream (a file of 100 MiB is never held in memory as a whole), with a
 * short look-ahead for format detection. The encoding is found by BOM (UTF-8, UTF-16LE/BE), else strict UTF-8, else
 * GB18030 (Chinese Windows); lines end at LF, CRLF or CR. Also the field helpers the CSV formats share.
 */
final class SampleLines implements AutoCloseable {

    /** Something that can be read more than once: the encoding check reads it before the lines are read. */
    interface Source {
        InputStream open() throws IOException;
    }

    private static final int BUFFER = 64 * 1024;

    private final BufferedReader reader;
    private final ArrayDeque<String> ahead = new ArrayDeque<>();
    private int number;

    private SampleLines(BufferedReader reader) {
        this.reader = reader;
    }

    static SampleLines of(byte[] content) {
        try {
            return open(() -> new ByteArrayInputStream(content));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static SampleLines open(Source source) throws IOException {
        byte[] head;
        try (InputStream in = source.open()) {
            head = in.readNBytes(3);
        }
        Charset charset;
        int bom = 0;
        if (head.length >= 2 && (head[0] & 0xff) == 0xff && (head[1] & 0xff) == 0xfe) {
            charset = StandardCharsets.UTF_16LE;
            bom = 2;
        } else if (head.length >= 2 && (head[0] & 0xff) == 0xfe && (head[1] & 0xff) == 0xff) {
            charset = StandardCharsets.UTF_16BE;
            bom = 2;
        } else if (head.length >= 3 && (head[0] & 0xff) == 0xef && (head[1] & 0xff) == 0xbb && (head[2] & 0xff) == 0xbf) {
            charset = StandardCharsets.UTF_8;
            bom = 3;
        } else {
            charset = strictUtf8(source) ? StandardCharsets.UTF_8 : CsvCharsets.GB18030;
        }
        InputStream in = source.open();
        in.skipNBytes(bom);
        return new SampleLines(new BufferedReader(new InputStreamReader(in, charset), BUFFER));
    }

    /** True when the whole source is valid UTF-8 (read in chunks, never held whole). */
    private static boolean strictUtf8(Source source) throws IOException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.allocate(BUFFER);
        CharBuffer chars = CharBuffer.allocate(BUFFER);
        try (InputStream in = source.open()) {
            int n;
            while ((n = in.read(bytes.array(), bytes.position(), bytes.remaining())) >= 0) {
                bytes.position(bytes.position() + n);
                bytes.flip();
                if (!decode(decoder, bytes, chars, false)) {
                    return false;
                }
                bytes.compact();
            }
            bytes.flip();
            if (!decode(decoder, bytes, chars, true)) {
                return false;
            }
            chars.clear();
            return !decoder.flush(chars).isError();
        }
    }

    private static boolean decode(CharsetDecoder decoder, ByteBuffer bytes, CharBuffer chars, boolean end) {
        CoderResult r;
        do {
            chars.clear();
            r = decoder.decode(bytes, chars, end);
        } while (r.isOverflow());
        return !r.isError();
    }

    /** The next line (consumed), or null at the end. */
    @Nullable String next() {
        String line = ahead.isEmpty() ? read() : ahead.poll();
        if (line != null) {
            number++;
        }
        return line;
    }

    /** The 1-based number of the line {@link #next()} returned last. */
    int number() {
        return number;
    }

    /** The line {@code k} lines ahead of the next one (0: the next), not consumed; null beyond the end. */
    @Nullable String peek(int k) {
        while (ahead.size() <= k) {
            String line = read();
            if (line == null) {
                return null;
            }
            ahead.add(line);
        }
        Iterator<String> it = ahead.iterator();
        for (int i = 0; i < k; i++) {
            it.next();
        }
        return it.next();
    }

    /** Consumes blank lines up to the first with content. */
    void skipBlank() {
        String line;
        while ((line = peek(0)) != null && line.isBlank()) {
            next();
        }
    }

    private @Nullable String read() {
        try {
            return reader.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Splits on ASCII or full-width commas and trims each field (and any surrounding quotes). */
    static String[] fields(String line) {
        String[] f = line.replace('，', ',').split(",", -1);
        for (int i = 0; i < f.length; i++) {
            String v = f[i].strip();
            if (v.length() >= 2 && v.charAt(0) == '"' && v.charAt(v.length() - 1) == '"') {
                v = v.substring(1, v.length() - 1).strip();
            }
            f[i] = v;
        }
        return f;
    }

    /** Header names without their unit: {@code memory.used [MiB]} → {@code memory.used}. */
    static Map<String, Integer> header(String[] head) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < head.length; i++) {
            String name = head[i].toLowerCase(Locale.ROOT).replaceAll("\\s*[\\[(（].*$", "").strip();
            m.putIfAbsent(name, i);
        }
        return m;
    }

    /** Digits only, at most 18 of them (so a long holds the value). */
    static boolean isInt(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
