package com.gpuquote.shared;

import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementRuleText;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Wording that issue 12 found wrong, read through {@link I18n} as every view reads it: one word for list price
 * (刊例价), VRAM before RAM in ratios, English counts in the singular for one, and a mail that is queued, not sent.
 */
class BundleWordingTest {

    private static String en(String key, Object... params) {
        return I18n.get(I18n.ENGLISH, key, params);
    }

    private static String zh(String key, Object... params) {
        return I18n.get(I18n.CHINESE, key, params);
    }

    /** Every "key=value" of every bundle on the classpath, as "file: key=value". */
    private static List<String> allEntries() throws IOException {
        List<String> entries = new ArrayList<>();
        for (Resource r : new PathMatchingResourcePatternResolver().getResources("classpath*:i18n/*.properties")) {
            Properties p = new Properties();
            try (Reader reader = new InputStreamReader(r.getInputStream(), StandardCharsets.UTF_8)) {
                p.load(reader);
            }
            p.forEach((k, v) -> entries.add(r.getFilename() + ": " + k + "=" + v));
        }
        return entries;
    }

    @Test
    void listPriceHasOneChineseWordAndRatiosPutVramFirst() throws IOException {
        List<String> entries = allEntries();
        assertThat(entries).hasSizeGreaterThan(500);
        assertThat(entries).filteredOn(e -> e.contains("目录价")).isEmpty();
        assertThat(entries).filteredOn(e -> e.contains("内存:显存") || e.contains("RAM:VRAM")).isEmpty();
        assertThat(zh("sizing.candidates")).isEqualTo("推荐实例（按月刊例价从低到高）");
        assertThat(zh("dashboard.tile.discount")).isEqualTo("平均折扣（对比刊例价）");
        assertThat(zh("catalog.grid.ratio")).isEqualTo("显存:内存");
        assertThat(en("catalog.grid.ratio")).isEqualTo("VRAM:RAM");
        assertThat(zh("deployment.figure.ratio", "2.33", "2", "4", "区间内")).startsWith("实际显存:内存为 1:2.33（");
        assertThat(en("deployment.figure.ratio", "2.33", "2", "4", "within")).startsWith("Observed VRAM:RAM 1:2.33 (");
    }

    @Test
    void englishCountsSayOneInTheSingular() {
        assertThat(en("pricing.list.rowCount", 0)).isEqualTo("0 rows");
        assertThat(en("pricing.list.rowCount", 1)).isEqualTo("1 row");
        assertThat(en("pricing.list.rowCount", 272)).isEqualTo("272 rows");
        assertThat(en("pricing.list.rowCount", 1234)).isEqualTo("1,234 rows");
        assertThat(zh("pricing.list.rowCount", 272)).isEqualTo("272 行");
        assertThat(en("pricing.rows.matching", 1, 272)).isEqualTo("1 of 272 rows");
        assertThat(en("pricing.rows.matching", 1, 1)).isEqualTo("1 of 1 row");
        assertThat(en("pricing.import.errors", 1)).isEqualTo("The file has 1 error; nothing was imported.");
        assertThat(en("pricing.import.errors", 3)).isEqualTo("The file has 3 errors; nothing was imported.");

        assertThat(en("deployment.figure.detail", 1, 1, 1, "20", "24", "30", "56"))
                .startsWith("1 GPU sample of 1 GPU, 1 host sample.");
        assertThat(en("deployment.figure.detail", 2016, 8, 288, "20", "24", "30", "56"))
                .startsWith("2,016 GPU samples of 8 GPUs, 288 host samples.");
        assertThat(en("deployment.import.done", 1, 0, 1, "nvidia-smi", "a", "b"))
                .isEqualTo("Imported 1 new sample (0 already there) of 1 GPU, nvidia-smi, from a to b.");
        assertThat(en("deployment.home.count", 1)).startsWith("1 deployment with");
        assertThat(en("deployment.home.count", 2)).startsWith("2 deployments with");
        assertThat(en("deployment.import.refused", 1)).isEqualTo("Nothing was imported: 1 error below.");

        BigDecimal three = new BigDecimal("3");
        assertThat(AgreementRuleText.of(new AgreementRule.VolumeTier(1, three), I18n.ENGLISH)).isEqualTo("3% off from 1 GPU");
        assertThat(AgreementRuleText.of(new AgreementRule.VolumeTier(8, three), I18n.ENGLISH)).isEqualTo("3% off from 8 GPUs");
        assertThat(AgreementRuleText.of(new AgreementRule.TermTier(1, three), I18n.ENGLISH)).isEqualTo("3% off for ≥1 month");
        assertThat(AgreementRuleText.of(new AgreementRule.TermTier(12, three), I18n.ENGLISH)).isEqualTo("3% off for ≥12 months");
        assertThat(AgreementRuleText.of(new AgreementRule.VolumeTier(8, three), I18n.CHINESE)).isEqualTo("满 8 块 GPU 优惠 3%");
        assertThat(AgreementRuleText.of(new AgreementRule.TermTier(12, three), I18n.CHINESE)).isEqualTo("期限 ≥12 个月优惠 3%");
    }

    @Test
    void aMailToTheCustomerIsQueuedNotSent() {
        assertThat(zh("quote.sent.mailed", "a@example.com")).contains("发送队列").doesNotContain("已将客户链接发邮件");
        assertThat(en("quote.sent.mailed", "a@example.com")).contains("queued for sending").doesNotContain("was mailed");
    }
}
