package com.gpuquote.deployment;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * An uploaded utilisation file, spooled to a temporary file as it arrives so that no request or UI session holds a
 * file of up to {@link #MAX_BYTES} in memory. Reading stops as soon as the stream has given more than the limit (at
 * most one {@value #CHUNK}-byte chunk beyond it); the file is then deleted and {@link TooLarge} thrown. Close the
 * upload to delete its file.
 */
public final class UtilizationUpload implements AutoCloseable {

    /**
     * Our policy: the largest file one import accepts, 100 MiB (about 1.5 million nvidia-smi lines with units, a
     * month of 8 GPUs sampled every 15 s); docs/operations.md.
     */
    public static final long MAX_BYTES = 100L * 1024 * 1024;

    /** The size of one read from the upload stream. */
    public static final int CHUNK = 64 * 1024;

    /** The upload gave more than the limit; nothing was kept. */
    public static final class TooLarge extends RuntimeException {
        private final long limit;

        public TooLarge(long limit) {
            super("The file is larger than " + limit / (1024 * 1024) + " MiB; split it");
            this.limit = limit;
        }

        /** The limit in bytes. */
        public long limit() {
            return limit;
        }

        /** The limit in MiB, as the messages print it. */
        public long limitMib() {
            return limit / (1024 * 1024);
        }
    }

    private final @Nullable Path file;
    private final byte @Nullable [] bytes;
    private final long size;

    private UtilizationUpload(@Nullable Path file, byte @Nullable [] bytes, long size) {
        this.file = file;
        this.bytes = bytes;
        this.size = size;
    }

    /** An upload of bytes already in memory (tests, small files). */
    public static UtilizationUpload of(byte[] content) {
        return new UtilizationUpload(null, content, content.length);
    }

    /** Spools the stream to a temporary file, at most {@link #MAX_BYTES}. */
    public static UtilizationUpload spool(InputStream in) throws IOException {
        return spool(in, MAX_BYTES);
    }

    /**
     * Spools the stream to a temporary file; more than {@code limit} bytes: the file is deleted and {@link TooLarge}
     * thrown after at most {@code limit + }{@value #CHUNK} bytes were read. The stream is not closed.
     */
    public static UtilizationUpload spool(InputStream in, long limit) throws IOException {
        Path file = Files.createTempFile("gpuquote-utilization-", ".upload");
        boolean kept = false;
        try (OutputStream out = Files.newOutputStream(file)) {
            byte[] buffer = new byte[CHUNK];
            long total = 0;
            int n;
            while ((n = in.read(buffer)) >= 0) {
                total += n;
                if (total > limit) {
                    throw new TooLarge(limit);
                }
                out.write(buffer, 0, n);
            }
            kept = true;
            return new UtilizationUpload(file, null, total);
        } finally {
            if (!kept) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** The file's size in bytes. */
    public long size() {
        return size;
    }

    /** Opens the content for reading (again and again, as the encoding check and the parser do). */
    InputStream open() throws IOException {
        return file != null ? Files.newInputStream(file) : new ByteArrayInputStream(bytes);
    }

    /** Deletes the temporary file (nothing for an upload in memory). */
    @Override
    public void close() {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
