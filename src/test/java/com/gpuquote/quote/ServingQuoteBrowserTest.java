package com.gpuquote.quote;

import com.gpuquote.Browsers;
import com.gpuquote.IntegrationTest;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 15 in headless Chromium: the sanfei consultant (demo price list, every shipped type priced) sizes serving
 * Llama 3 70B in BF16 with 8,192 tokens of context and 16 sequences for a project, sees the top plan as tensor
 * parallel inside one instance with its throughput and token cost, adds it to a new quote, and finds the plan and
 * the serving estimate in the quote line.
 */
class ServingQuoteBrowserTest extends IntegrationTest {

    private static final String CONSULTANT = "consultant@sanfei.demo";
    private static final String PASSWORD = "Demo-Consultant-2026!";

    @Autowired
    AsUser as;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;
    @Autowired
    QuoteQueries quoteQueries;

    @Test
    void seventyBServingPlanAndItsEstimateReachTheQuote() throws Exception {
        Browsers.requireChromium();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        Project project = as.call(CONSULTANT, () -> {
            Customer c = customers.create(new CustomerDraft("推理客户 " + suffix, null, null, "zh-CN", null,
                    List.of(), null));
            return projects.create(new ProjectDraft(c.id(), "Llama 3 70B 在线服务 " + suffix, null));
        });

        WebDriver driver = Browsers.chromium();
        try {
            WebDriverWait wait = Browsers.waitOn(driver);
            Browsers.login(driver, wait, baseUrl(), CONSULTANT, PASSWORD);
            driver.get(baseUrl() + "/projects/" + project.id());
            wait.until(ExpectedConditions.elementToBeClickable(By.id("size-this-project"))).click();
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("candidate-add-to-quote-0")));

            String before = driver.findElement(By.id("sizing-vram-chart")).getText();
            WebElement preset = driver.findElement(By.cssSelector("#sizing-preset input"));
            preset.sendKeys(Keys.chord(Keys.CONTROL, "a"), "Llama 3 70B");
            wait.until(ExpectedConditions.presenceOfElementLocated(By.xpath(
                    "//vaadin-combo-box-item[normalize-space(.)='Llama 3 70B']")));
            preset.sendKeys(Keys.ENTER);
            wait.until(d -> !d.findElement(By.id("sizing-vram-chart")).getText().equals(before));
            type(driver, wait, "sizing-sequenceLength", "8192");
            type(driver, wait, "sizing-microBatchSize", "16");
            // the top plan keeps tensor parallelism inside one instance and carries throughput and token cost
            wait.until(d -> firstRow(d).contains("张量并行") && firstRow(d).contains("token/秒"));
            String top = firstRow(driver);
            assertThat(top).contains("在一台实例内").contains("≈");
            assertThat(driver.findElement(By.id("sizing-job-chart")).isDisplayed()).isTrue();

            Browsers.clickInView(driver, wait, By.id("candidate-add-to-quote-0"));
            wait.until(ExpectedConditions.elementToBeClickable(By.id("add-to-quote-confirm"))).click();
            wait.until(ExpectedConditions.elementToBeClickable(By.id("added-quote-open"))).click();
            wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector("#option-A .line-details-toggle"))).click();
            WebElement estimate = wait.until(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#option-A .line-sizing-estimate")));
            assertThat(estimate.getText()).contains("张量并行").contains("估算").contains("输出 token").contains("¥");
        } finally {
            driver.quit();
        }

        List<QuoteSummary> list = as.call(CONSULTANT, () -> quoteQueries.forProject(project.id()));
        assertThat(list).hasSize(1);
        QuoteDetails quote = as.call(CONSULTANT, () -> quoteQueries.get(list.get(0).id()));
        assertThat(quote.lineSizing().values()).hasSize(1).allSatisfy(ref ->
                assertThat(ref.candidateJson()).contains("\"outputTokensPerSecond\"").contains("\"tensorParallel\""));
    }

    /** Types into a field and waits until the sizing shown has changed (the field fires lazily). */
    private static void type(WebDriver driver, WebDriverWait wait, String id, String value) {
        String before = driver.findElement(By.id("sizing-vram-chart")).getText();
        WebElement input = driver.findElement(By.cssSelector("#" + id + " input"));
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), value, Keys.TAB);
        wait.until(d -> !d.findElement(By.id("sizing-vram-chart")).getText().equals(before));
    }

    /** The text of the candidates grid's first data row (cells are slotted in light DOM, in column order). */
    private static String firstRow(WebDriver d) {
        Object text = ((org.openqa.selenium.JavascriptExecutor) d).executeScript("""
                const g = document.querySelector('#sizing-candidates');
                const row = g.shadowRoot.querySelector('tbody tr');
                if (!row) return '';
                return [...row.querySelectorAll('td')].map(td => {
                    const slot = td.querySelector('slot');
                    return slot ? slot.assignedNodes().map(n => n.textContent).join(' ') : '';
                }).join(' | ');""");
        return text == null ? "" : text.toString();
    }
}
