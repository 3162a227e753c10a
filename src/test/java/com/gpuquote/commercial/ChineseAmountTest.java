package com.gpuquote.commercial;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/** Capital numerals written by hand after the PBoC bill-filling rules (examples from them where they give one). */
class ChineseAmountTest {

    @ParameterizedTest
    @CsvSource({
            "1234567.89, 壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分",
            "100.00, 壹佰元整",
            "1001.05, 壹仟零壹元零伍分",
            "1680.32, 壹仟陆佰捌拾元零叁角贰分",
            "107000.53, 壹拾万柒仟元零伍角叁分",
            "100000, 壹拾万元整",
            "10010, 壹万零壹拾元整",
            "100000001, 壹亿零壹元整",
            "1.05, 壹元零伍分",
            "0.50, 伍角整",
            "0.05, 伍分",
            "0, 零元整",
            "325.04, 叁佰贰拾伍元零肆分",
            "20000000.00, 贰仟万元整",
            "999.995, 壹仟元整",
    })
    void writesTheAmountInCapitalNumerals(String amount, String expected) {
        assertThat(ChineseAmount.of(new BigDecimal(amount))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"-12.30, 负壹拾贰元叁角整"})
    void negativeAmountsSayNegative(String amount, String expected) {
        assertThat(ChineseAmount.of(new BigDecimal(amount))).isEqualTo(expected);
    }
}
