package com.gpuquote;

import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.shared.time.MovableClock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import java.time.LocalDate;

/**
 * Base of every test that needs the application: one shared context (so the suite starts Spring once), a real
 * server on a random port, the real PostgreSQL, and the demo data. Tests create their own tenants and data.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles({"test", "demo"})
public abstract class IntegrationTest {

    @LocalServerPort
    protected int port;

    /**
     * The application's clock (the tests' MovableClock): a test reads "now" and "today" where the application does,
     * never from the JVM (TimeArchitectureTest).
     */
    @Autowired
    protected MovableClock clock;

    /** Today in the business zone, by the application's clock. */
    protected LocalDate today() {
        return BusinessCalendar.today(clock);
    }

    protected String baseUrl() {
        return "http://localhost:" + port;
    }
}
