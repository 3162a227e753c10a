package com.gpuquote.sizing;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jspecify.annotations.Nullable;

import java.util.Optional;

/**
 * The one codec of the sizing → quote → portal hand-over (issue 14, ADR 1406 decisions 3–4): every writer (the sizing
 * view's "Add to quote") and every reader (quote editor, quote document, customer portal) goes through it; nobody
 * else reads the hand-over JSON by field name.
 *
 * <ul>
 *   <li>Version 1 is the format stored since "Add from sizing" exists: the candidate as the recommendation answers it,
 *   without a {@code version} field. A missing {@code version} therefore means 1.</li>
 *   <li>Unknown fields are ignored (a stored candidate also carries its prices, plan shape, warnings...).</li>
 *   <li>A hand-over that cannot be read throws {@link UnreadableHandoverException} naming the field, never a silent
 *   null: the caller decides what to show without it.</li>
 * </ul>
 */
public final class SizingHandoverCodec {

    /** The version written today. */
    public static final int CURRENT_VERSION = 1;

    static final String VERSION = "version";

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private SizingHandoverCodec() {
    }

    /** The hand-over alone as JSON, current version (null fields left out). */
    public static String toJson(SizingHandover handover) {
        try {
            return MAPPER.writeValueAsString(handover);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * What "Add to quote" stores for a candidate: the candidate as the recommendation answers it (so the quote API's
     * {@code sizing.candidate} keeps every field it has always had) plus {@code "version"}. Reads back as
     * {@link SizingHandover#of(RecommendationReport.Candidate)}.
     */
    public static String toJson(RecommendationReport.Candidate candidate) {
        try {
            // written as is (not through a tree, which would turn 24.000 into 24)
            return MAPPER.writeValueAsString(new StoredCandidate(CURRENT_VERSION, candidate));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The stored form of a candidate: its version, then the candidate's own fields. */
    private record StoredCandidate(int version, @JsonUnwrapped RecommendationReport.Candidate candidate) {
    }

    /** Reads a stored hand-over (any known version). */
    public static SizingHandover fromJson(String json) {
        JsonNode node = tree(json);
        if (!node.isObject()) {
            throw new UnreadableHandoverException("$", "not a JSON object but " + node.getNodeType());
        }
        ObjectNode object = ((ObjectNode) node).deepCopy();
        JsonNode version = object.get(VERSION);
        if (version == null || version.isNull()) {
            object.put(VERSION, 1);
        } else if (!version.canConvertToExactIntegral() || version.asInt() < 1 || version.asInt() > CURRENT_VERSION) {
            throw new UnreadableHandoverException(VERSION, "unknown version " + version
                    + " (this reader knows 1 to " + CURRENT_VERSION + ")");
        }
        try {
            return MAPPER.treeToValue(object, SizingHandover.class);
        } catch (JsonMappingException e) {
            throw new UnreadableHandoverException(path(e), e.getOriginalMessage(), e);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new UnreadableHandoverException("$", String.valueOf(e.getMessage()), e);
        }
    }

    /** {@link #fromJson(String)}, or empty when there is no hand-over ({@code json} null or blank). */
    public static Optional<SizingHandover> read(@Nullable String json) {
        return json == null || json.isBlank() ? Optional.empty() : Optional.of(fromJson(json));
    }

    /**
     * The stored JSON as a tree, passed through unread (the quote API's {@code sizing.candidate}; the input check that
     * a client's candidate is JSON at all). Throws {@link UnreadableHandoverException} when it is not JSON.
     */
    public static JsonNode tree(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UnreadableHandoverException("$", "not JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static String path(JsonMappingException e) {
        StringBuilder s = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                s.append(s.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                s.append('[').append(r.getIndex()).append(']');
            }
        }
        return s.isEmpty() ? "$" : s.toString();
    }
}
