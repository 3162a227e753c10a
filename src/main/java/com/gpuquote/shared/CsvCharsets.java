package com.gpuquote.shared;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Encodings of uploaded CSV files: UTF-8 (with or without BOM) or GB18030, as Excel on Chinese Windows saves. */
public final class CsvCharsets {
    public static final Charset GB18030 = Charset.forName("GB18030");

    private CsvCharsets() {
    }

    /** UTF-8 when the bytes are strictly valid UTF-8 (with or without BOM), otherwise GB18030. */
    public static Charset detect(byte[] content) {
        try {
            decodeStrict(content, StandardCharsets.UTF_8);
            return StandardCharsets.UTF_8;
        } catch (CharacterCodingException e) {
            return GB18030;
        }
    }

    /** Decodes, refusing malformed or unmappable input instead of inventing replacement characters. */
    public static String decodeStrict(byte[] content, Charset charset) throws CharacterCodingException {
        return charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(content))
                .toString();
    }
}
