package com.gpuquote.pricing;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import java.io.IOException;
import java.math.BigDecimal;

/**
 * A price in force WITH the confidential cost price. Server-side use only (margin-floor checks of the quote
 * engine, admin views and the admin branch of the prices API, which copies the fields it may show).
 * <p>
 * Rule: never return this type from a controller, never put it into a Vaadin component that a CONSULTANT
 * can open, never put it into a quote document. To make a slip loud, Jackson refuses to serialise it.
 */
@JsonSerialize(using = CostedUnitPrice.RefuseToSerialise.class)
public record CostedUnitPrice(PriceKey key, BigDecimal listPrice, BigDecimal costPrice, String currency,
                              PriceListId priceListId, int version) {

    /** The consultant-safe part. */
    public UnitPrice withoutCost() {
        return new UnitPrice(key, listPrice, currency, priceListId, version);
    }

    static final class RefuseToSerialise extends JsonSerializer<CostedUnitPrice> {
        @Override
        public void serialize(CostedUnitPrice value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            throw new IllegalStateException("CostedUnitPrice carries a confidential cost price and is never serialised");
        }
    }
}
