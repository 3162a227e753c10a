package com.gpuquote;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12, accessibility: the main views of a consultant (with a quote in the editor) and a tenant admin, in headless Chromium, each have one h1
 * and no serious or critical violation of WCAG 2.1 A/AA rules as axe-core (Deque, the script bundled in
 * com.deque.html.axe-core:selenium) finds them.
 */
class AccessibilityBrowserTest extends IntegrationTest {

    private static final List<String> CONSULTANT_VIEWS = List.of("/", "/sizing", "/quotes", "/customers");

    @org.springframework.beans.factory.annotation.Autowired
    com.gpuquote.quote.AsUser as;
    @org.springframework.beans.factory.annotation.Autowired
    com.gpuquote.quote.QuoteQueries quoteQueries;
    private static final List<String> ADMIN_VIEWS = List.of("/settings", "/approvals", "/prices");

    @Test
    void mainViewsHaveOneH1AndNoSeriousAxeViolations() throws Exception {
        Browsers.requireChromium();
        String axe = axeScript();
        List<String> problems = new ArrayList<>();
        // and a demo quote in the editor (lines grid, waterfall and details buttons, totals)
        String quote = as.call("consultant@sanfei.demo", () -> quoteQueries.search(com.gpuquote.quote.QuoteSearch.ALL, 0, 1)
                .get(0).id().toString());
        List<String> consultantViews = new ArrayList<>(CONSULTANT_VIEWS);
        consultantViews.add("/quotes/" + quote);
        check("consultant@sanfei.demo", "Demo-Consultant-2026!", consultantViews, axe, problems);
        check("admin@sanfei.demo", "Demo-Admin-2026!", ADMIN_VIEWS, axe, problems);
        assertThat(problems).isEmpty();
    }

    private void check(String email, String password, List<String> paths, String axe, List<String> problems)
            throws IOException {
        WebDriver driver = Browsers.chromium();
        try {
            WebDriverWait wait = Browsers.waitOn(driver);
            Browsers.login(driver, wait, baseUrl(), email, password);
            driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
            for (String path : paths) {
                driver.get(baseUrl() + path);
                wait.until(ExpectedConditions.presenceOfElementLocated(By.id("view-title")));
                wait.until(d -> !d.findElement(By.id("view-title")).getText().isBlank());
                long h1 = (Long) ((JavascriptExecutor) driver).executeScript(
                        "return document.querySelectorAll('h1').length;");
                if (h1 != 1) {
                    problems.add(path + ": " + h1 + " h1 elements");
                }
                ((JavascriptExecutor) driver).executeScript(axe);
                @SuppressWarnings("unchecked")
                List<Map<String, Object>> violations = (List<Map<String, Object>>) ((JavascriptExecutor) driver)
                        .executeAsyncScript("""
                                const done = arguments[arguments.length - 1];
                                axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})
                                   .then(r => done(r.violations
                                       .filter(v => v.impact === 'serious' || v.impact === 'critical')
                                       .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length,
                                                   target: v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', ')}))))
                                   .catch(e => done([{id: 'axe-error', impact: String(e), nodes: 0, target: ''}]));""");
                for (Map<String, Object> v : violations) {
                    problems.add(path + ": " + v.get("id") + " (" + v.get("impact") + ", " + v.get("nodes")
                            + " nodes: " + v.get("target") + ")");
                }
            }
        } finally {
            driver.quit();
        }
    }

    private static String axeScript() throws IOException {
        try (InputStream in = AccessibilityBrowserTest.class.getClassLoader().getResourceAsStream("axe.min.js")) {
            assertThat(in).as("axe.min.js from com.deque.html.axe-core:selenium on the test classpath").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
