package com.gpuquote.sizing;

import com.gpuquote.Browsers;
import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In headless Chromium at 1400×900 the sizing view's results column (bars and candidates grid) stays inside the
 * window next to the form; at 1100 px wide it moves below the form.
 */
class SizingLayoutBrowserTest extends IntegrationTest {

    private static final String GEOMETRY = """
            const r = document.getElementById('sizing-results').getBoundingClientRect();
            const g = document.getElementById('sizing-candidates').getBoundingClientRect();
            const f = document.getElementById('sizing-input-column').getBoundingClientRect();
            return {resultsLeft: r.left, resultsRight: r.right, resultsTop: r.top, gridRight: g.right,
                    gridWidth: g.width, formRight: f.right, formBottom: f.bottom,
                    viewport: document.documentElement.clientWidth};""";

    @Test
    void resultsColumnFitsTheWindowAndStacksWhenNarrow() throws Exception {
        Browsers.requireChromium();
        WebDriver driver = Browsers.chromium();
        try {
            driver.manage().window().setSize(new Dimension(1400, 900));
            WebDriverWait wait = Browsers.waitOn(driver);
            Browsers.login(driver, wait, baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!");
            driver.get(baseUrl() + "/sizing");
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#sizing-candidates")));
            wait.until(d -> ((Number) geometry(d).get("gridWidth")).doubleValue() > 0);

            Map<String, Object> wide = geometry(driver);
            double viewport = num(wide, "viewport");
            assertThat(num(wide, "resultsRight")).as("%s", wide).isLessThanOrEqualTo(viewport + 0.5);
            assertThat(num(wide, "gridRight")).as("%s", wide).isLessThanOrEqualTo(viewport + 0.5);
            assertThat(num(wide, "resultsLeft")).as("side by side: %s", wide)
                    .isGreaterThanOrEqualTo(num(wide, "formRight") - 0.5);

            driver.manage().window().setSize(new Dimension(1100, 900));
            wait.until(d -> num(geometry(d), "resultsTop") >= num(geometry(d), "formBottom") - 0.5);
            Map<String, Object> narrow = geometry(driver);
            assertThat(num(narrow, "gridRight")).as("%s", narrow).isLessThanOrEqualTo(num(narrow, "viewport") + 0.5);
        } finally {
            driver.quit();
        }
    }

    /**
     * Issue 12: at 1280 × 900 the candidates grid needs no horizontal scrolling, every header in view lies inside the
     * grid, and the figures kept out of view open in the row's details.
     */
    @Test
    void candidatesFitA1280PixelScreenWithTheRestInTheDetails() throws Exception {
        Browsers.requireChromium();
        WebDriver driver = Browsers.chromium();
        try {
            driver.manage().window().setSize(new Dimension(1280, 900));
            WebDriverWait wait = Browsers.waitOn(driver);
            Browsers.login(driver, wait, baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!");
            driver.get(baseUrl() + "/sizing");
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#sizing-candidates")));
            wait.until(d -> ((Number) geometry(d).get("gridWidth")).doubleValue() > 0);
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".candidate-details-toggle")));
            @SuppressWarnings("unchecked")
            Map<String, Object> g = (Map<String, Object>) ((JavascriptExecutor) driver).executeScript("""
                    const grid = document.getElementById('sizing-candidates');
                    const table = grid.shadowRoot.querySelector('#table');
                    const right = table.getBoundingClientRect().right;
                    const headers = [...grid.shadowRoot.querySelectorAll('thead th')]
                        .filter(th => !th.hidden && th.getBoundingClientRect().width > 0);
                    const outside = headers.filter(th => th.getBoundingClientRect().right > right + 1).length;
                    return {scrollWidth: table.scrollWidth, clientWidth: table.clientWidth, headers: headers.length,
                            outside: outside, viewport: document.documentElement.clientWidth,
                            gridRight: grid.getBoundingClientRect().right};""");
            assertThat(num(g, "scrollWidth")).as("%s", g).isLessThanOrEqualTo(num(g, "clientWidth") + 1);
            assertThat(num(g, "outside")).as("%s", g).isZero();
            assertThat(num(g, "headers")).as("%s", g).isGreaterThanOrEqualTo(7);
            assertThat(num(g, "gridRight")).as("%s", g).isLessThanOrEqualTo(num(g, "viewport") + 0.5);

            ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'});",
                    driver.findElements(By.cssSelector(".candidate-details-toggle")).get(0));
            wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector(".candidate-details-toggle"))).click();
            wait.until(d -> !d.findElements(By.cssSelector(".candidate-details [data-field='ratio']")).isEmpty());
            assertThat(driver.findElement(By.cssSelector(".candidate-details")).getText()).contains("1:");
        } finally {
            driver.quit();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> geometry(WebDriver d) {
        return (Map<String, Object>) ((JavascriptExecutor) d).executeScript(GEOMETRY);
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }
}
