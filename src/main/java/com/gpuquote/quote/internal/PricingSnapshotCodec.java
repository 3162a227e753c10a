package com.gpuquote.quote.internal;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.FromStringDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.QuoteOptionId;
import com.gpuquote.quote.pricing.PricedQuote;

import java.util.UUID;

/**
 * The pricing snapshot of a quote as JSON (column {@code quotes.pricing}): the whole {@link PricedQuote},
 * including cost and margin (server-side only; never returned as is). Agreement rules are tagged with their kind.
 */
public final class PricingSnapshotCodec {

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "rule")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = AgreementRule.FixedPrice.class, name = "FIXED_PRICE"),
            @JsonSubTypes.Type(value = AgreementRule.PercentOff.class, name = "PERCENT_OFF"),
            @JsonSubTypes.Type(value = AgreementRule.VolumeTier.class, name = "VOLUME_TIER"),
            @JsonSubTypes.Type(value = AgreementRule.TermTier.class, name = "TERM")})
    interface RuleMixin {
    }

    /**
     * Line and option ids are written as the plain UUID strings they were before they were typed (issue 14, ADR
     * 1409), so snapshots stored earlier read back and new ones are byte-identical.
     */
    private static final SimpleModule IDS = new SimpleModule("quote-ids")
            .addSerializer(QuoteLineId.class, new ToStringSerializer(QuoteLineId.class))
            .addSerializer(QuoteOptionId.class, new ToStringSerializer(QuoteOptionId.class))
            .addDeserializer(QuoteLineId.class, new FromStringDeserializer<>(QuoteLineId.class) {
                @Override
                protected QuoteLineId _deserialize(String value, DeserializationContext ctxt) {
                    return new QuoteLineId(UUID.fromString(value));
                }
            })
            .addDeserializer(QuoteOptionId.class, new FromStringDeserializer<>(QuoteOptionId.class) {
                @Override
                protected QuoteOptionId _deserialize(String value, DeserializationContext ctxt) {
                    return new QuoteOptionId(UUID.fromString(value));
                }
            });

    private static final ObjectMapper JSON = JsonMapper.builder()
            .findAndAddModules()
            .addModule(IDS)
            .addMixIn(AgreementRule.class, RuleMixin.class)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(MapperFeature.AUTO_DETECT_IS_GETTERS)
            .build();

    private PricingSnapshotCodec() {
    }

    public static String write(PricedQuote pricing) {
        try {
            return JSON.writeValueAsString(pricing);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("pricing snapshot not serialisable", e);
        }
    }

    public static PricedQuote read(String json) {
        try {
            return JSON.readValue(json, PricedQuote.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored pricing snapshot unreadable", e);
        }
    }
}
