package com.gpuquote.quote;

import com.gpuquote.Browsers;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ui.QuoteUiFixtures;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39 in headless Chromium: a consultant gives an unconfirmed 90 % voucher in the editor, submits (the quote is
 * below cost, so the browser asks for the justification), and the quote ends in the tenant admin's approval queue with
 * the voucher and the reseller's real margin. Prices: T4 MONTHLY list 5,000, cost 3,000, 1 × 12 months.
 */
class GovernedVoucherBrowserTest extends IntegrationTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;

    @Test
    void anUnconfirmedNinetyPercentVoucherEndsInTheApproversQueueWithTheRealMargin() throws Exception {
        Browsers.requireChromium();
        // independently: subtotal 5,000 × 12 = 60,000.00; voucher 90 % = 54,000.00 (cap 10 % = 6,000.00);
        // unconfirmed, the reseller keeps the full cost 3,000 × 12 = 36,000.00: margin 6,000 − 36,000 = −30,000.00,
        // −30,000 / 6,000 = −500 % of the revenue after vouchers
        BigDecimal subtotal = new BigDecimal("5000").multiply(BigDecimal.valueOf(12));
        BigDecimal voucher = subtotal.multiply(new BigDecimal("0.9")).setScale(2, RoundingMode.HALF_UP);
        BigDecimal revenue = subtotal.subtract(voucher);
        BigDecimal margin = revenue.subtract(new BigDecimal("3000").multiply(BigDecimal.valueOf(12)));
        BigDecimal marginPercent = margin.multiply(BigDecimal.valueOf(100)).divide(revenue, 2, RoundingMode.HALF_UP);
        assertThat(margin).isEqualByComparingTo("-30000");
        assertThat(marginPercent).isEqualByComparingTo("-500");

        QuoteUiFixtures.World world = fixtures.world("代金券浏览器客户", "zh-CN");
        QuoteDetails draft = fixtures.as(world.consultant(), () -> quoteDrafting.create(new NewQuote(
                world.project().id(), null, List.of(new QuoteInput.Option("A", List.of(QuoteInput.Line.of(
                        QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)), List.of())))));

        WebDriver consultant = Browsers.chromium();
        try {
            WebDriverWait wait = Browsers.waitOn(consultant);
            Browsers.login(consultant, wait, baseUrl(), world.consultant(), TestTenants.PASSWORD);
            consultant.get(baseUrl() + "/quotes/" + draft.id());
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("quote-title"), draft.number()));
            Browsers.clickInView(consultant, wait, By.cssSelector("#option-A .add-voucher"));
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#option-A .voucher-name input")))
                    .sendKeys("火山引擎新客代金券", Keys.TAB);
            consultant.findElement(By.cssSelector("#option-A .voucher-amount input"))
                    .sendKeys(voucher.toPlainString(), Keys.TAB);
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("#option-A .voucher-cap"),
                    "未确认代金券 ¥54,000.00 超过小计的 10 %"));

            Browsers.clickInView(consultant, wait, By.id("quote-submit"));
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#justification-text textarea")))
                    .sendKeys("客户承诺次年续约推理集群，首单让利。");
            wait.until(ExpectedConditions.elementToBeClickable(By.id("justification-submit"))).click();
            wait.until(ExpectedConditions.textToBe(By.cssSelector(".status-badge"), "待审批"));
        } finally {
            consultant.quit();
        }
        assertThat(fixtures.as(world.consultant(), () -> quoteQueries.get(draft.id())).status())
                .isEqualTo(QuoteStatus.PENDING_APPROVAL);

        WebDriver admin = Browsers.chromium();
        try {
            WebDriverWait wait = Browsers.waitOn(admin);
            Browsers.login(admin, wait, baseUrl(), world.admin(), TestTenants.PASSWORD);
            admin.get(baseUrl() + "/approvals");
            String row = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".approval-option")))
                    .getText();
            assertThat(row).contains("方案 A · ¥60,000.00")
                    .contains("代金券 ¥54,000.00（其中未确认 ¥54,000.00）")
                    .contains("毛利 -¥30,000.00（-500%）");
        } finally {
            admin.quit();
        }
    }
}
