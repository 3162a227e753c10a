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
 * In headless Chromium, the sanfei consultant (demo price list) sizes a project (customer and project set up through
 * the services), picks the Llama 2 7B preset, adds the first candidate to a new quote (option A) and the second as
 * option B, opens the quote and sees both option tabs with a grand total.
 */
class QuoteFromSizingBrowserTest extends IntegrationTest {

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
    void twoSizingCandidatesBecomeOptionsAAndBOfANewQuote() throws Exception {
        Browsers.requireChromium();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        Project project = as.call(CONSULTANT, () -> {
            Customer c = customers.create(new CustomerDraft("浏览器测算客户 " + suffix, null, null, "zh-CN", null,
                    List.of(), null));
            return projects.create(new ProjectDraft(c.id(), "Llama 推理 " + suffix, null));
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
            preset.sendKeys(Keys.chord(Keys.CONTROL, "a"), "Llama 2 7B");
            wait.until(ExpectedConditions.presenceOfElementLocated(By.xpath(
                    "//vaadin-combo-box-item[normalize-space(.)='Llama 2 7B']")));
            preset.sendKeys(Keys.ENTER);
            wait.until(d -> !d.findElement(By.id("sizing-vram-chart")).getText().equals(before));

            add(driver, wait, 0);
            add(driver, wait, 1);

            wait.until(ExpectedConditions.elementToBeClickable(By.id("added-quote-open"))).click();
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("tab-option-B")));
            assertThat(driver.findElements(By.cssSelector("vaadin-tab[id^='tab-option-']"))).hasSize(2);
            WebElement totalA = wait.until(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#option-A #totals-grandTotal")));
            assertThat(totalA.getText()).matches(".*\\d.*");
            driver.findElement(By.id("tab-option-B")).click();
            WebElement totalB = wait.until(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#option-B #totals-grandTotal")));
            assertThat(totalB.getText()).matches(".*\\d.*");
            // the editable lines grid: each header sits over its own column (widths in rem, not per-cell em); the row's
            // details cell (the columns moved out of view) spans the row and has no header
            @SuppressWarnings("unchecked")
            java.util.List<java.util.List<Long>> edges = (java.util.List<java.util.List<Long>>) ((org.openqa.selenium.JavascriptExecutor) driver)
                    .executeScript("""
                            const g = document.querySelector('#option-B vaadin-grid.quote-lines').shadowRoot;
                            const x = el => Math.round(el.getBoundingClientRect().x);
                            return [[...g.querySelectorAll('thead tr th')].map(x),
                                    [...g.querySelector('tbody tr').querySelectorAll('td:not([part~="details-cell"])')].map(x)];""");
            assertThat(edges.get(1)).isEqualTo(edges.get(0));
        } finally {
            driver.quit();
        }

        List<QuoteSummary> list = as.call(CONSULTANT, () -> quoteQueries.forProject(project.id()));
        assertThat(list).hasSize(1);
        QuoteDetails quote = as.call(CONSULTANT, () -> quoteQueries.get(list.get(0).id()));
        assertThat(quote.options()).extracting(o -> o.name().name()).containsExactly("A", "B");
        assertThat(quote.options()).allSatisfy(o -> assertThat(o.totals().grandTotal()).isPositive());
        assertThat(quote.lineSizing().values()).hasSize(2).allSatisfy(ref -> assertThat(ref.sizingRunId()).isNotNull());
    }

    /** "Add to quote" on candidate {@code row}, confirm with the dialog's defaults (new quote, then a new option). */
    private static void add(WebDriver driver, WebDriverWait wait, int row) {
        Browsers.clickInView(driver, wait, By.id("candidate-add-to-quote-" + row));
        wait.until(ExpectedConditions.elementToBeClickable(By.id("add-to-quote-confirm"))).click();
        wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("add-to-quote-confirm")));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("added-quote-text")));
    }
}
