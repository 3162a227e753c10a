package com.gpuquote.quote;

import com.gpuquote.Browsers;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ui.QuoteUiFixtures;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12 in headless Chromium: a consultant has their quote open, waiting for approval. The admin approves it
 * (through the service, as the inbox does); without a reload the consultant's editor shows "approved" and the bell
 * counts the new notification (server push).
 */
class LiveQuoteBrowserTest extends IntegrationTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteWorkflow quoteWorkflow;

    @Test
    void anApprovalReachesTheOpenEditorAndTheBellWithoutAReload() throws Exception {
        Browsers.requireChromium();
        QuoteUiFixtures.World world = fixtures.world("推送客户", "zh-CN");
        QuoteDetails q = fixtures.as(world.consultant(), () -> {
            QuoteDetails d = quoteDrafting.create(new NewQuote(world.project().id(), null, List.of(new QuoteInput.Option("A",
                    List.of(QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 1, 12)),
                    List.of()))));
            return quoteWorkflow.submit(d.id());
        });
        assertThat(q.status()).isEqualTo(QuoteStatus.PENDING_APPROVAL);

        WebDriver driver = Browsers.chromium();
        try {
            WebDriverWait wait = Browsers.waitOn(driver);
            Browsers.login(driver, wait, baseUrl(), world.consultant(), TestTenants.PASSWORD);
            driver.get(baseUrl() + "/quotes/" + q.id());
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("quote-title")));
            String pending = driver.findElement(By.cssSelector(".status-badge")).getText();
            assertThat(driver.findElements(By.cssSelector("#notification-count")).stream()
                    .filter(e -> e.isDisplayed()).toList()).isEmpty();
            String url = driver.getCurrentUrl();

            fixtures.as(world.admin(), () -> quoteWorkflow.approve(q.id(), "ok"));

            wait.until(d -> !d.findElement(By.cssSelector(".status-badge")).getText().equals(pending));
            wait.until(d -> d.findElement(By.cssSelector(".status-badge")).getText().equals("已批准"));
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("notification-count")));
            wait.until(d -> d.findElement(By.id("notification-count")).getText().equals("1"));
            assertThat(driver.getCurrentUrl()).as("no navigation, no reload").isEqualTo(url);
        } finally {
            driver.quit();
        }
    }
}
