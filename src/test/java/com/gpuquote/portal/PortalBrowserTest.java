package com.gpuquote.portal;

import com.gpuquote.Browsers;
import com.gpuquote.IntegrationTest;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.notification.NotificationService;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.AsUser;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.tenancy.TenantService;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In headless Chromium: the sanfei consultant sends a quote (set up through the services), the customer opens the
 * link on a phone-sized window (options stacked, nothing overflowing), picks option B and accepts, and the consultant
 * then sees it ACCEPTED with the bell counting the news, and the acceptance named in the bell's list.
 */
class PortalBrowserTest extends IntegrationTest {

    private static final String CONSULTANT = "consultant@sanfei.demo";
    private static final String PASSWORD = "Demo-Consultant-2026!";

    @Autowired
    AsUser as;
    @Autowired
    CustomerService customers;
    @Autowired
    TenantService tenants;
    @Autowired
    NotificationService notifications;
    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;
    @Autowired
    QuoteQueries quoteQueries;

    @Test
    void theCustomerAcceptsOptionBAndTheSanfeiConsultantSeesItAccepted() throws Exception {
        Browsers.requireChromium();
        throttle.reset("127.0.0.1");
        var holder = new java.util.concurrent.atomic.AtomicReference<com.gpuquote.tenancy.Tenant>();
        com.gpuquote.security.SystemAuthentication.asPlatformAdmin(() ->
                holder.set(tenants.findBySlug("sanfei").orElseThrow()));
        var sanfei = holder.get();
        PortalFixtures.Sent sent = as.call(CONSULTANT, () -> {
            notifications.markAllRead();
            Customer c = customers.create(new CustomerDraft("浏览器测试客户", null, "", "zh-CN", "",
                    List.of(new Contact("王五", "wangwu@customer.example", null, "采购")), null));
            return fixtures.sentQuote(new com.gpuquote.TestTenants.TestTenant(sanfei, "admin@sanfei.demo", CONSULTANT), c);
        });

        WebDriver customer = driver();
        try {
            // on a phone (375 px wide): the options stack and nothing is wider than the screen
            customer.manage().window().setSize(new org.openqa.selenium.Dimension(375, 900));
            customer.get(baseUrl() + "/portal/q/" + sent.token());
            WebDriverWait wait = Browsers.waitOn(customer, Duration.ofSeconds(90));
            wait.until(ExpectedConditions.elementToBeClickable(By.id("portal-choose-B")));
            var js = (org.openqa.selenium.JavascriptExecutor) customer;
            Number viewport = (Number) js.executeScript("return document.documentElement.clientWidth");
            Number content = (Number) js.executeScript("return document.documentElement.scrollWidth");
            assertThat(viewport.intValue()).isLessThanOrEqualTo(375);
            assertThat(content.intValue()).as("horizontal overflow at 375 px").isLessThanOrEqualTo(viewport.intValue());
            var a = customer.findElement(By.id("portal-option-A")).getRect();
            var b = customer.findElement(By.id("portal-option-B")).getRect();
            assertThat(b.getY()).as("B below A").isGreaterThanOrEqualTo(a.getY() + a.getHeight());
            assertThat(a.getX() + a.getWidth()).isLessThanOrEqualTo(viewport.intValue());
            wait.until(ExpectedConditions.elementToBeClickable(By.id("portal-choose-B"))).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("portal-chosen"), "方案 B"));
            input(customer, "portal-signer-name").sendKeys("王五");
            input(customer, "portal-signer-email").sendKeys("wangwu@customer.example");
            // centred, so that the dev-mode tool button in the corner of the small window is not in the way
            centre(customer, customer.findElement(By.id("portal-agree"))).click();
            centre(customer, wait.until(ExpectedConditions.elementToBeClickable(By.id("portal-accept")))).click();
            wait.until(ExpectedConditions.attributeToBe(By.id("portal-status"), "data-status", "ACCEPTED"));
            assertThat(customer.findElement(By.id("portal-acceptance")).getText()).contains("方案 B").contains("王五");
            // the acceptance record with its 64-digit snapshot hash wraps too
            Number accepted = (Number) js.executeScript("return document.documentElement.scrollWidth");
            assertThat(accepted.intValue()).as("horizontal overflow once accepted").isLessThanOrEqualTo(viewport.intValue());
        } finally {
            customer.quit();
        }

        WebDriver consultant = driver();
        try {
            WebDriverWait wait = Browsers.waitOn(consultant, Duration.ofSeconds(90));
            consultant.get(baseUrl() + "/login");
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("vaadin-text-field[name='username'] input")))
                    .sendKeys(CONSULTANT);
            WebElement password = consultant.findElement(By.cssSelector("vaadin-password-field[name='password'] input"));
            password.sendKeys(PASSWORD, Keys.ENTER);
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("notification-count")));
            consultant.get(baseUrl() + "/quotes/" + sent.quoteId() + "/portal");
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("portal-acceptance-record"), "王五"));
            assertThat(consultant.findElement(By.id("quote-portal-view")).getText()).contains("已接受");
            wait.until(ExpectedConditions.textToBe(By.id("notification-count"), "2")); // viewed + accepted
            // the bell opens on the news: the newest row names the customer, the quote and the accepted option
            // (issue 12, "sees the customer's acceptance in the bell")
            consultant.findElement(By.cssSelector("#notification-bell vaadin-button")).click();
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".notification.unread")));
            List<WebElement> news = consultant.findElements(By.cssSelector(".notification.unread"));
            assertThat(news).hasSize(2);
            assertThat(news.get(0).getText())
                    .startsWith("客户 浏览器测试客户 接受了报价 " + sent.quote().number() + "（方案 B）");
            assertThat(news.get(1).getText()).startsWith("客户 浏览器测试客户 查看了报价 " + sent.quote().number());

            // the delivery team's orders CSV (streamed a page at a time, issue 18) downloads in the signed-in browser:
            // UTF-8 with a byte order mark, an attachment, the accepted option B's instance and service lines
            consultant.get(baseUrl() + "/orders");
            String href = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("orders-csv"))).getAttribute("href");
            String download = (String) ((org.openqa.selenium.JavascriptExecutor) consultant).executeAsyncScript("""
                    const done = arguments[arguments.length - 1];
                    fetch(arguments[0]).then(r => r.arrayBuffer().then(b => {
                        const bytes = new Uint8Array(b);
                        done(r.status + '|' + r.headers.get('content-disposition') + '|' + bytes.slice(0, 3).join(',')
                            + '|' + new TextDecoder('utf-8').decode(bytes));
                    })).catch(e => done('ERROR ' + e));""", href);
            String[] parts = download.split("\\|", 4);
            assertThat(parts[0]).as(download).isEqualTo("200");
            assertThat(parts[1]).startsWith("attachment").contains("orders.csv");
            assertThat(parts[2]).as("UTF-8 byte order mark").isEqualTo("239,187,191");
            assertThat(parts[3].lines().findFirst()).contains(OrderCsv.HEADER);
            List<String> rows = parts[3].lines().filter(l -> l.startsWith(sent.quote().number() + ",")).toList();
            assertThat(rows).hasSize(2);
            assertThat(rows.get(0)).contains(",浏览器测试客户,", ",B,", ",instance," + PortalFixtures.A10 + ",cn-beijing,MONTHLY,4,12,");
            assertThat(rows.get(1)).contains(",service,", "部署与调优", "ONE_TIME", "3000.00");
        } finally {
            consultant.quit();
        }
        String status = as.call(CONSULTANT, () -> quoteQueries.get(sent.quoteId()).status().name());
        assertThat(status).isEqualTo("ACCEPTED");
    }

    private static WebElement centre(WebDriver driver, WebElement element) {
        ((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
                "arguments[0].scrollIntoView({block: 'center', inline: 'center'})", element);
        return element;
    }

    private static WebElement input(WebDriver driver, String id) {
        return driver.findElement(By.cssSelector("#" + id + " input"));
    }

    private static WebDriver driver() throws Exception {
        return Browsers.chromium(1280, 1000);
    }
}
