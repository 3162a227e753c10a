package com.gpuquote.layout;

import com.gpuquote.Browsers;
import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * One real browser journey against the running server: Debian's Chromium and ChromeDriver (never downloaded; CI
 * installs them with apt, see .ci/run), headless, with a fresh profile.
 */
class LayoutBrowserTest extends IntegrationTest {

    static final File CHROMIUM = new File("/usr/bin/chromium");
    static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");

    WebDriver driver;
    Path profile;

    @BeforeEach
    void startBrowser() throws IOException {
        if (!CHROMIUM.canExecute() || !CHROMEDRIVER.canExecute()) {
            fail("Chromium is required for browser tests: /usr/bin/chromium and /usr/bin/chromedriver are missing. "
                    + "Install them with: apt-get update && apt-get install -y chromium chromium-driver (CI does this in .ci/run)");
        }
        profile = Files.createTempDirectory("gpuquote-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--window-size=1280,900", "--user-data-dir=" + profile.toAbsolutePath());
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER).build();
        driver = new ChromeDriver(service, options);
    }

    @AfterEach
    void stopBrowser() throws IOException {
        if (driver != null) {
            driver.quit();
        }
        if (profile != null) {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    @Test
    void consultantSignsInSeesTheChineseLayoutSwitchesToEnglishAndSignsOut() {
        // the first page in Vaadin dev mode can take a while
        WebDriverWait slow = Browsers.waitOn(driver, Duration.ofSeconds(90));
        WebDriverWait wait = Browsers.waitOn(driver, Duration.ofSeconds(30));

        driver.get(baseUrl() + "/login");
        slow.until(d -> loginField(d));
        // a first-time visitor meets the login in Chinese (the default language), with its labels
        assertThat(driver.findElement(By.cssSelector("vaadin-login-form vaadin-text-field[name='username']"))
                .getDomProperty("label")).isEqualTo("邮箱");
        assertThat(driver.findElement(By.cssSelector("vaadin-login-form vaadin-password-field[name='password']"))
                .getDomProperty("label")).isEqualTo("密码");
        typeInto("vaadin-login-form vaadin-text-field[name='username']", "consultant@sanfei.demo");
        typeInto("vaadin-login-form vaadin-password-field[name='password']", "Demo-Consultant-2026!");
        driver.findElement(By.cssSelector("vaadin-login-form vaadin-button[slot='submit'], vaadin-login-form vaadin-button"))
                .click();

        slow.until(ExpectedConditions.visibilityOfElementLocated(By.id("tenant-name")));
        assertThat(driver.findElement(By.id("tenant-name")).getText()).isEqualTo("三飞云");
        wait.until(d -> navLabels(d).contains("首页"));
        wait.until(d -> "zh-CN".equals(htmlLang(d)));

        WebElement languageSwitch = driver.findElement(By.cssSelector("vaadin-select.language-switch"));
        languageSwitch.click();
        WebElement english = wait.until(d -> d.findElements(By.cssSelector("vaadin-select-item")).stream()
                .filter(i -> i.isDisplayed() && i.getText().trim().equals("English")).findFirst().orElse(null));
        english.click();

        wait.until(d -> navLabels(d).contains("Home"));
        assertThat(navLabels(driver)).doesNotContain("首页");
        wait.until(d -> "en".equals(htmlLang(d)));

        driver.findElement(By.id("user-menu")).click();
        WebElement logout = wait.until(ExpectedConditions.elementToBeClickable(By.id("logout")));
        logout.click();

        wait.until(d -> d.getCurrentUrl().contains("/login"));
        slow.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("vaadin-login-form")));
        assertThat(driver.getCurrentUrl()).contains("/login");
        assertThat(driver.findElements(By.id("tenant-name"))).isEmpty();
    }

    private void typeInto(String css, String text) {
        WebElement field = driver.findElement(By.cssSelector(css));
        WebElement input = field.findElement(By.cssSelector("input"));
        input.click();
        input.sendKeys(text);
    }

    /** The document's language, as screen readers see it. */
    private static String htmlLang(WebDriver d) {
        return String.valueOf(((JavascriptExecutor) d).executeScript("return document.documentElement.lang;"));
    }

    private static String navLabels(WebDriver d) {
        return String.valueOf(((JavascriptExecutor) d).executeScript(
                "return Array.from(document.querySelectorAll('#main-nav vaadin-side-nav-item'))"
                        + ".map(i => i.textContent.trim()).join('|');"));
    }

    private static WebElement loginField(WebDriver d) {
        var hosts = d.findElements(By.cssSelector("vaadin-login-form"));
        if (hosts.isEmpty()) {
            return null;
        }
        var found = hosts.get(0).findElements(By.cssSelector("vaadin-text-field, input"));
        return found.isEmpty() ? null : found.get(0);
    }
}
