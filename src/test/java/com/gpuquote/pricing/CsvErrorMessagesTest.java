package com.gpuquote.pricing;

import com.gpuquote.shared.CsvError;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

class CsvErrorMessagesTest {

    private static Properties bundle(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = CsvErrorMessagesTest.class.getResourceAsStream("/i18n/" + name)) {
            assertThat(in).as(name).isNotNull();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    private static Set<String> placeholders(String pattern) {
        Set<String> found = new TreeSet<>();
        Matcher m = Pattern.compile("\\{\\d}").matcher(pattern);
        while (m.find()) {
            found.add(m.group());
        }
        return found;
    }

    @Test
    void everyCodeHasAnEnglishAndAChineseMessageWithTheSameArguments() throws IOException {
        Properties en = bundle("pricing_en.properties");
        Properties zh = bundle("pricing.properties");
        for (CsvErrorCode code : CsvErrorCode.values()) {
            assertThat(en.getProperty(code.messageKey())).as(code.messageKey()).isEqualTo(code.defaultPattern());
            String chinese = zh.getProperty(code.messageKey());
            assertThat(chinese).as(code.messageKey()).isNotBlank();
            assertThat(placeholders(chinese)).as(code.messageKey()).isEqualTo(placeholders(code.defaultPattern()));
        }
    }

    @Test
    void messageKeysAreStable() {
        assertThat(CsvErrorCode.TOO_MANY_DECIMALS.messageKey()).isEqualTo("pricing.csv.error.too_many_decimals");
        assertThat(CsvError.of(7, "list_price", CsvErrorCode.TOO_MANY_DECIMALS, "1.23456").message())
                .isEqualTo("Price \"1.23456\" has more than 4 decimals.");
    }
}
