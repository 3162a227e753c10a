package com.gpuquote.deployment;

import com.gpuquote.CalendarTest;
import com.gpuquote.Browsers;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteFixtures;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** In the browser: upload a utilisation file, see the VRAM-short verdict, create the upgrade quote. */
@CalendarTest
class RightSizingBrowserTest extends IntegrationTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    QuoteFixtures quoteFixtures;
    @Autowired
    QuoteQueries quoteQueries;
    @Autowired
    Clock clock;

    @Test
    void importSeeTheVerdictAndCreateTheUpgradeQuote() throws Exception {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        quoteFixtures.publish(t, List.of(
                QuoteFixtures.row(RightSizingTest.A10, "MONTHLY", "5000.0000", "3000.0000"),
                QuoteFixtures.row(RightSizingTest.L20, "MONTHLY", "8000.0000", "5000.0000")));
        DeploymentFixtures.Setup s = fixtures.deployment(t, RightSizingTest.A10, BillingMode.MONTHLY, 1);
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(3600);
        StringBuilder csv = new StringBuilder("timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\r\n");
        for (int i = 0; i < 60; i++) {
            csv.append(start.plusSeconds(60L * i)).append(", 0, NVIDIA A10, 22000 MiB, 23028 MiB, 90 %\r\n");
        }
        Path file = Files.createTempFile("nvidia-smi-", ".csv");
        Files.writeString(file, csv.toString(), StandardCharsets.UTF_8);

        Browsers.requireChromium();
        WebDriver driver = Browsers.chromium();
        try {
            WebDriverWait wait = Browsers.waitOn(driver);
            Browsers.login(driver, wait, baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
            driver.get(baseUrl() + "/deployments/" + s.deployment().id());
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("deployment-no-data")));
            WebElement upload = driver.findElement(By.id("deployment-upload"));
            List<WebElement> light = upload.findElements(By.cssSelector("input[type=file]"));
            WebElement input = light.isEmpty()
                    ? upload.getShadowRoot().findElement(By.cssSelector("input[type=file]")) : light.get(0);
            input.sendKeys(file.toAbsolutePath().toString());
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("deployment-import-result"), "已导入 60 个新样本"));
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("deployment-verdicts"), "显存不足"));
            assertThat(driver.findElement(By.id("deployment-verdicts")).getText()).contains(RightSizingTest.L20);
            assertThat(driver.findElement(By.id("figure-vram-p95")).getText()).contains("95.5 %");
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("chart-memory")));
            // the chart is drawn on the server and served inline as SVG: the browser decodes it into a real image
            wait.until(d -> ((Number) ((JavascriptExecutor) d).executeScript(
                    "const i = document.getElementById('chart-memory'); return i.complete ? i.naturalWidth : 0;"))
                    .intValue() > 0);

            WebElement createQuote = driver.findElement(By.id("upgrade-quote-VRAM_SHORT"));
            // below the charts: scroll it into the middle of the window before clicking, as a user would
            ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'});", createQuote);
            wait.until(ExpectedConditions.elementToBeClickable(createQuote)).click();
            wait.until(ExpectedConditions.urlContains("/quotes/"));
        } finally {
            driver.quit();
            Files.deleteIfExists(file);
        }
        List<QuoteSummary> drafts = fixtures.as().call(t.consultantEmail(), () -> quoteQueries.forProject(s.project().id()));
        assertThat(drafts).extracting(QuoteSummary::status).containsExactly(QuoteStatus.DRAFT);
        var quote = fixtures.as().call(t.consultantEmail(), () -> quoteQueries.get(drafts.get(0).id()));
        assertThat(quote.options().get(0).lines().get(0).instanceType()).isEqualTo(RightSizingTest.L20);
    }
}
