package com.gpuquote.portal.ui;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/** Amounts on the portal carry the quote's currency, not a fixed yuan sign. */
class PortalFormatTest {

    @Test
    void amountsAreShownInTheQuotesCurrency() {
        assertThat(PortalFormat.money(new BigDecimal("1234.565"), "CNY")).isEqualTo("¥1,234.57");
        assertThat(PortalFormat.money(new BigDecimal("1234.5"), "USD")).isEqualTo("USD 1,234.50");
        assertThat(PortalFormat.unit(new BigDecimal("7.7777"), "EUR")).isEqualTo("EUR 7.78"); // read in cents, like every amount
        assertThat(PortalFormat.unit(new BigDecimal("8.0000"), "CNY")).isEqualTo("¥8.00");
        assertThat(PortalFormat.money(null, "CNY")).isEqualTo("–");
    }
}
