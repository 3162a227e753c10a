package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.Browsers;
import com.gpuquote.IntegrationTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.pricing.agreement.AgreementDraft;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementService;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12 at 1280 × 900 for a customer with negotiated prices: the sizing candidates of the customer's project and
 * the quote editor's lines grid need no horizontal scrolling, and a line below the margin floor shows its flag inside
 * the grid (it used to sit off-screen).
 */
@CalendarTest
class GridsAt1280BrowserTest extends IntegrationTest {

    private static final String CONSULTANT = "consultant@sanfei.demo";
    private static final String ADMIN = "admin@sanfei.demo";

    private static final String TABLE_FIT = """
            const grid = arguments[0];
            const table = grid.shadowRoot.querySelector('#table');
            const right = table.getBoundingClientRect().right;
            const headers = [...grid.shadowRoot.querySelectorAll('thead th')]
                .filter(th => !th.hidden && th.getBoundingClientRect().width > 0);
            const flag = grid.querySelector('.below-floor');
            return {scrollWidth: table.scrollWidth, clientWidth: table.clientWidth, headers: headers.length,
                    outside: headers.filter(th => th.getBoundingClientRect().right > right + 1).length,
                    gridRight: grid.getBoundingClientRect().right, viewport: document.documentElement.clientWidth,
                    flagRight: flag ? flag.getBoundingClientRect().right : -1,
                    flagWidth: flag ? flag.getBoundingClientRect().width : 0,
                    text: grid.innerText};""";

    @Autowired
    AsUser as;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;
    @Autowired
    AgreementService agreements;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    Clock clock;

    @Test
    void negotiatedCandidatesAndQuoteLinesFitA1280PixelScreen() throws Exception {
        Browsers.requireChromium();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        LocalDate today = LocalDate.now(clock.withZone(BusinessCalendar.ZONE));
        Customer customer = as.call(CONSULTANT, () -> customers.create(new CustomerDraft("宽度测试客户 " + suffix, null,
                null, "zh-CN", null, List.of(), null)));
        as.call(ADMIN, () -> agreements.create(customer.id(), new AgreementDraft("框架协议 " + suffix,
                today.minusDays(10), today.plusDays(300), List.of(AgreementRule.PercentOff.all(new BigDecimal("8"))),
                null)));
        Project project = as.call(CONSULTANT, () -> projects.create(new ProjectDraft(customer.id(), "训练 " + suffix, null)));
        // a deep manual discount puts the line below the margin floor
        QuoteDetails quote = as.call(CONSULTANT, () -> quoteDrafting.create(new NewQuote(project.id(), null, List.of(
                new QuoteInput.Option("A", List.of(
                        QuoteInput.Line.of("ecs.pni2l.28xlarge", "cn-shanghai", BillingMode.MONTHLY, 2, 6)
                                .withManualDiscount(new BigDecimal("40"))), List.of())))));

        WebDriver driver = Browsers.chromium();
        try {
            driver.manage().window().setSize(new Dimension(1280, 900));
            WebDriverWait wait = Browsers.waitOn(driver);
            Browsers.login(driver, wait, baseUrl(), CONSULTANT, "Demo-Consultant-2026!");

            driver.get(baseUrl() + "/projects/" + project.id());
            wait.until(ExpectedConditions.elementToBeClickable(By.id("size-this-project"))).click();
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("candidate-add-to-quote-0")));
            Map<String, Object> sizing = fit(driver, driver.findElement(By.id("sizing-candidates")));
            assertThat(num(sizing, "scrollWidth")).as("%s", sizing).isLessThanOrEqualTo(num(sizing, "clientWidth") + 1);
            assertThat(num(sizing, "outside")).as("%s", sizing).isZero();
            assertThat(num(sizing, "gridRight")).as("%s", sizing).isLessThanOrEqualTo(num(sizing, "viewport") + 0.5);

            driver.get(baseUrl() + "/quotes/" + quote.id());
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#option-A vaadin-grid.quote-lines")));
            wait.until(d -> !d.findElements(By.cssSelector("#option-A vaadin-grid.quote-lines .below-floor")).isEmpty());
            Map<String, Object> lines = fit(driver,
                    driver.findElement(By.cssSelector("#option-A vaadin-grid.quote-lines")));
            assertThat(num(lines, "scrollWidth")).as("%s", lines).isLessThanOrEqualTo(num(lines, "clientWidth") + 1);
            assertThat(num(lines, "outside")).as("%s", lines).isZero();
            assertThat(num(lines, "flagWidth")).as("below-floor flag rendered: %s", lines).isPositive();
            assertThat(num(lines, "flagRight")).as("below-floor flag inside the grid: %s", lines)
                    .isLessThanOrEqualTo(num(lines, "gridRight") + 0.5);
            assertThat(num(lines, "gridRight")).as("%s", lines).isLessThanOrEqualTo(num(lines, "viewport") + 0.5);
        } finally {
            driver.quit();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> fit(WebDriver driver, org.openqa.selenium.WebElement grid) {
        return (Map<String, Object>) ((JavascriptExecutor) driver).executeScript(TABLE_FIT, grid);
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }
}
