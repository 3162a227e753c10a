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
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16 in headless Chromium: a consultant opens a sent quote, duplicates it (复制报价, the quote's own project
 * preselected), lands in the new DRAFT, changes a quantity there and submits it, and the copy goes back through the
 * tenant's approval chain, shown on the quote; the source stays as it was. Prices: T4 MONTHLY list 5,000, cost 3,000,
 * 40 % off = 3,000 (below the 5 % floor of 3,150, a discount beyond the 15 % tier), VAT 6 %:
 * 2 × 3,000 × 12 = 72,000.00 → 76,320.00; 3 × … = 108,000.00 → 114,480.00.
 */
class QuoteDuplicateBrowserTest extends IntegrationTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;
    @Autowired
    QuoteWorkflow quoteWorkflow;
    @Autowired
    ApprovalTierService tiers;

    @Test
    void duplicateASentQuoteInTheEditorAndEditTheCopy() throws Exception {
        Browsers.requireChromium();
        QuoteUiFixtures.World world = fixtures.world("复制浏览器客户", "zh-CN");
        fixtures.as(world.admin(), () -> tiers.replace(List.of(
                new ApprovalTierService.TierInput(new BigDecimal("15"), "TENANT_ADMIN"))));
        QuoteDetails submitted = fixtures.as(world.consultant(), () -> {
            QuoteDetails d = quoteDrafting.create(new NewQuote(world.project().id(), null, List.of(new QuoteInput.Option("A",
                    List.of(QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 2, 12)
                            .withManualDiscount(new BigDecimal("40"))),
                    List.of()))));
            return quoteWorkflow.submit(d.id());
        });
        assertThat(submitted.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
        fixtures.as(world.admin(), () -> quoteWorkflow.approve(submitted.id(), "同意"));
        QuoteDetails source = fixtures.as(world.consultant(), () -> quoteWorkflow.send(submitted.id()));
        assertThat(source.status()).isEqualTo(QuoteStatus.SENT);

        WebDriver driver = Browsers.chromium();
        UUID copyId;
        try {
            WebDriverWait wait = Browsers.waitOn(driver);
            Browsers.login(driver, wait, baseUrl(), world.consultant(), TestTenants.PASSWORD);
            driver.get(baseUrl() + "/quotes/" + source.id());
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("quote-title"), source.number()));

            wait.until(ExpectedConditions.elementToBeClickable(By.id("quote-duplicate"))).click();
            WebElement project = wait.until(ExpectedConditions.presenceOfElementLocated(
                    By.cssSelector("#duplicate-project input")));
            assertThat(project.getAttribute("value")).isEqualTo(world.project().name());
            wait.until(ExpectedConditions.elementToBeClickable(By.id("duplicate-confirm"))).click();

            // the editor now shows the copy: another number, version 1, a draft, at its own address
            wait.until(d -> !d.getCurrentUrl().endsWith(source.id().toString()));
            wait.until(d -> {
                String title = d.findElement(By.id("quote-title")).getText();
                return !title.startsWith(source.number()) && title.endsWith("v1");
            });
            copyId = UUID.fromString(driver.getCurrentUrl().substring(driver.getCurrentUrl().lastIndexOf('/') + 1));
            assertThat(driver.findElement(By.cssSelector(".status-badge")).getText()).isEqualTo("草稿");
            wait.until(ExpectedConditions.textToBe(By.cssSelector("#option-A #totals-grandTotal"), "76,320.00"));

            // edit the copy: quantity 2 → 3 in the lines grid; the totals follow
            WebElement quantity = wait.until(d -> d.findElements(
                    By.cssSelector("#option-A vaadin-grid.quote-lines vaadin-integer-field input")).stream()
                    .filter(i -> "2".equals(i.getAttribute("value"))).findFirst().orElse(null));
            quantity.sendKeys(Keys.chord(Keys.CONTROL, "a"), "3", Keys.ENTER);
            wait.until(ExpectedConditions.textToBe(By.cssSelector("#option-A #totals-grandTotal"), "114,480.00"));

            // still 40 % below list: submitting the copy sends it back through the chain, shown on the quote
            wait.until(ExpectedConditions.elementToBeClickable(By.id("quote-submit"))).click();
            wait.until(ExpectedConditions.textToBe(By.cssSelector(".status-badge"), "待审批"));
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".approval-chain"),
                    "审批链：1. 代理商管理员：待审批"));
        } finally {
            driver.quit();
        }

        QuoteDetails copy = fixtures.as(world.consultant(), () -> quoteQueries.get(new QuoteId(copyId)));
        assertThat(copy.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);
        assertThat(copy.approvalChain()).hasSize(1);
        assertThat(copy.version()).isEqualTo(1);
        assertThat(copy.projectId()).isEqualTo(world.project().id());
        assertThat(copy.options().get(0).lines().get(0).quantity()).isEqualTo(3);
        QuoteDetails sourceNow = fixtures.as(world.consultant(), () -> quoteQueries.get(source.id()));
        assertThat(sourceNow.status()).isEqualTo(QuoteStatus.SENT);
        assertThat(sourceNow.options().get(0).lines().get(0).quantity()).isEqualTo(2);
    }
}
