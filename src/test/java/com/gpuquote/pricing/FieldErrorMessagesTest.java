package com.gpuquote.pricing;

import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The field errors of the price list and catalog services and REST reach the UI (shared.ui.Notifications) as
 * translated text with a translated field label, never as a raw code, JSON field name or "{0}" placeholder.
 */
class FieldErrorMessagesTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
            "name, pricing.name, 名称",
            "provider, pricing.provider, 云厂商",
            "copyFrom, pricing.copyProvider, 复制自",
            "charset, pricing.charset, 编码",
            "at, pricing.at, 时间",
            "billingMode, pricing.billingMode, 计费方式",
            "code, catalog.gpuCode, 代码"})
    void everyCodeHasTextAndEveryFieldALabelInBothLanguages(String field, String code, String zhLabel) {
        assertThat(I18n.has("error." + code)).as(code).isTrue();
        assertThat(I18n.get(I18n.ENGLISH, "error." + code)).doesNotStartWith("!");
        assertThat(I18n.get(I18n.ENGLISH, "field." + field)).doesNotStartWith("!");
        String text = Notifications.describe(InvalidInputException.of(field, code, "english fallback"));
        assertThat(text).startsWith(zhLabel + ": ").doesNotContain(code).doesNotContain("english fallback");
    }

    @Test
    void argumentsAreFilledIn() {
        String text = Notifications.describe(new InvalidInputException(List.of(
                new FieldError("listPrice", "pricing.csv.error.negative_price", "Price -1 is negative", List.of("-1")))));
        assertThat(text).isEqualTo("刊例价: 价格“-1”为负数。");
    }

    @Test
    void aPatternWhoseArgumentsAreMissingFallsBackToTheFilledInMessage() {
        String text = Notifications.describe(InvalidInputException.of("listPrice", "pricing.csv.error.negative_price",
                "Price -1 is negative"));
        assertThat(text).isEqualTo("刊例价: Price -1 is negative").doesNotContain("{0}");
    }
}
