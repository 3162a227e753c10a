package com.gpuquote;

import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Headless Chromium for the browser tests ({@code *BrowserTest}): the Debian {@code /usr/bin/chromium} and
 * {@code /usr/bin/chromedriver} (CI installs them), a fresh temporary profile per driver, and the login form.
 * A browser test fails, never skips, where Chromium is missing: a green run must mean the browser journeys ran.
 */
public final class Browsers {

    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private Browsers() {
    }

    /** Fails the calling test when Chromium or chromedriver is not installed (CI installs them). */
    public static void requireChromium() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            throw new AssertionError("Chromium and chromedriver are needed for the browser tests: "
                    + "apt-get install -y chromium chromium-driver (.ci/run installs them)");
        }
    }

    /** @deprecated the old name; browser tests fail rather than skip now. Use {@link #requireChromium()}. */
    @Deprecated
    public static void assumeChromium() {
        requireChromium();
    }

    /** A new headless Chromium at 1400 × 1000 with its own temporary profile; quit it when done. */
    public static WebDriver chromium() throws IOException {
        return chromium(1400, 1000);
    }

    /** A new headless Chromium with the given window size and its own temporary profile; quit it when done. */
    public static WebDriver chromium(int width, int height) throws IOException {
        requireChromium();
        Path profile = Files.createTempDirectory("gq-chromium-");
        profile.toFile().deleteOnExit();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toString());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--window-size=" + width + "," + height, "--user-data-dir=" + profile.toAbsolutePath());
        // browser console messages (e.g. Content-Security-Policy violations) readable through logs()
        options.setCapability("goog:loggingPrefs", java.util.Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** Signs in through the login form and waits until the application layout is there. */
    public static void login(WebDriver driver, WebDriverWait wait, String baseUrl, String email, String password) {
        driver.get(baseUrl + "/login");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("vaadin-text-field[name='username'] input")))
                .sendKeys(email);
        driver.findElement(By.cssSelector("vaadin-password-field[name='password'] input")).sendKeys(password, Keys.ENTER);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("user-menu")));
    }

    /**
     * Scrolls the element into the middle of the view (the app layout scrolls its content, not the page) and clicks
     * it once it is clickable: for buttons far down a view, such as the candidates' actions below the sizing form.
     */
    public static void clickInView(WebDriver driver, WebDriverWait wait, By by) {
        org.openqa.selenium.WebElement element = wait.until(ExpectedConditions.presenceOfElementLocated(by));
        ((org.openqa.selenium.JavascriptExecutor) driver)
                .executeScript("arguments[0].scrollIntoView({block: 'center'});", element);
        wait.until(ExpectedConditions.elementToBeClickable(by)).click();
    }

    /** The explicit wait used by the browser tests (generous: the first page load compiles nothing, but CI is slow). */
    public static WebDriverWait waitOn(WebDriver driver) {
        return waitOn(driver, Duration.ofSeconds(60));
    }

    /**
     * A wait that re-locates an element Vaadin re-rendered between finding it and reading it: conditions built
     * on a locator (attributeToBe, textToBe…) otherwise fail on the first StaleElementReferenceException instead
     * of trying again (seen in CI on the portal's status after acceptance).
     */
    public static WebDriverWait waitOn(WebDriver driver, Duration timeout) {
        WebDriverWait wait = new WebDriverWait(driver, timeout);
        wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return wait;
    }
}
