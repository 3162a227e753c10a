package com.gpuquote;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.axis.DateAxis;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

import java.sql.ResultSet;
import java.sql.Timestamp;
import java.text.DateFormat;
import java.text.SimpleDateFormat;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.Locale;
import java.util.TimeZone;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Main and test code never ask the JVM for its zone or for the time without a {@link Clock}. With this rule the second
 * surefire pass (JVM in China time) only needs the tests that work with calendar days ({@link CalendarTest}, checked
 * by {@link CalendarTestsAreTaggedTest}): code that read the JVM zone used to be caught by running everything twice.
 * <p>
 * java.time formatters never fall back to the JVM zone (formatting an {@code Instant} with a zoneless pattern throws),
 * so the JVM zone reaches a value only through the calls banned here: {@code now()} without a clock, the default
 * zone, and the legacy {@code Date}/{@code Calendar}/{@code SimpleDateFormat}/JDBC-date/JFreeChart APIs that use it.
 * {@code System.currentTimeMillis} is not a date (ids and deadlines); elapsed time in tests uses {@code nanoTime}.
 */
@CalendarTest
@AnalyzeClasses(packages = "com.gpuquote")
class TimeArchitectureTest {

    /**
     * A {@link Clock} implementation (the tests' MovableClock) is where the real time is read, once; the samples below
     * break the rule on purpose.
     */
    private static final DescribedPredicate<JavaClass> EXEMPT = assignableTo(Clock.class)
            .or(DescribedPredicate.describe("a sample of this test",
                    (JavaClass c) -> c.getName().startsWith(TimeArchitectureTest.class.getName() + "$")));

    @ArchTest
    static final ArchRule noTimeOrZoneFromTheJvm = jvmTimeAndZoneCalls(EXEMPT);

    static ArchRule jvmTimeAndZoneCalls(DescribedPredicate<JavaClass> exempt) {
        return noClasses().that(not(exempt))
                .should().callMethod(Instant.class, "now")
                .orShould().callMethod(LocalDate.class, "now")
                .orShould().callMethod(LocalDate.class, "now", ZoneId.class)
                .orShould().callMethod(LocalDateTime.class, "now")
                .orShould().callMethod(LocalTime.class, "now")
                .orShould().callMethod(ZonedDateTime.class, "now")
                .orShould().callMethod(OffsetDateTime.class, "now")
                .orShould().callMethod(OffsetTime.class, "now")
                .orShould().callMethod(YearMonth.class, "now")
                .orShould().callMethod(Year.class, "now")
                .orShould().callMethod(MonthDay.class, "now")
                .orShould().callMethod(Clock.class, "systemDefaultZone")
                .orShould().callMethod(ZoneId.class, "systemDefault")
                .orShould().callMethod(TimeZone.class, "getDefault")
                .orShould().callMethod(TimeZone.class, "setDefault", TimeZone.class)
                .orShould().callConstructor(Date.class)
                .orShould().callMethod(Date.class, "toString")
                .orShould().callMethod(Calendar.class, "getInstance")
                .orShould().callMethod(Calendar.class, "getInstance", Locale.class)
                .orShould().callConstructor(GregorianCalendar.class)
                .orShould().callConstructor(GregorianCalendar.class, Locale.class)
                .orShould().callConstructor(GregorianCalendar.class, int.class, int.class, int.class)
                .orShould().callConstructor(SimpleDateFormat.class)
                .orShould().callConstructor(SimpleDateFormat.class, String.class)
                .orShould().callConstructor(SimpleDateFormat.class, String.class, Locale.class)
                .orShould().callMethod(DateFormat.class, "getDateInstance")
                .orShould().callMethod(DateFormat.class, "getDateTimeInstance")
                .orShould().callMethod(DateFormat.class, "getTimeInstance")
                .orShould().callMethod(Timestamp.class, "toLocalDateTime")
                .orShould().callMethod(Timestamp.class, "valueOf", LocalDateTime.class)
                .orShould().callMethod(Timestamp.class, "valueOf", String.class)
                .orShould().callMethod("java.sql.Date", "valueOf", "java.time.LocalDate")
                .orShould().callMethod("java.sql.Date", "toLocalDate")
                .orShould().callMethod(ResultSet.class, "getDate", String.class)
                .orShould().callMethod(ResultSet.class, "getDate", int.class)
                .orShould().callConstructor(DateAxis.class)
                .orShould().callConstructor(DateAxis.class, String.class)
                .orShould().callMethod(ChartFactory.class, "createTimeSeriesChart", String.class, String.class,
                        String.class, XYDataset.class)
                .orShould().callMethod(ChartFactory.class, "createTimeSeriesChart", String.class, String.class,
                        String.class, XYDataset.class, boolean.class, boolean.class, boolean.class)
                .because("the JVM zone differs between servers and CI; inject the application's Clock and use "
                        + "BusinessCalendar.ZONE for calendar days");
    }

    /** Proof that the rule bites: a class written like the old code is reported, a clocked one is not. */
    @Test
    void theRuleReportsACallWithoutAClock() {
        JavaClasses samples = new ClassFileImporter().importClasses(ReadsTheJvm.class, ReadsAClock.class);
        EvaluationResult result = jvmTimeAndZoneCalls(assignableTo(Clock.class)).evaluate(samples);
        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().getDetails())
                .anyMatch(d -> d.contains(ReadsTheJvm.class.getSimpleName()) && d.contains("LocalDate.now()"))
                .anyMatch(d -> d.contains("ZoneId.systemDefault()"))
                .anyMatch(d -> d.contains("DateAxis.<init>(java.lang.String)"))
                .noneMatch(d -> d.contains(ReadsAClock.class.getSimpleName()));
    }

    /** Samples for the proof above; they are never called. */
    static final class ReadsTheJvm {
        Object today() {
            return LocalDate.now();
        }

        Object zone() {
            return ZoneId.systemDefault();
        }

        Object axis() {
            return new DateAxis("t");
        }
    }

    static final class ReadsAClock {
        Object today(Clock clock) {
            return LocalDate.now(clock.withZone(ZoneId.of("Asia/Shanghai")));
        }

        Object axis() {
            return new DateAxis("t", TimeZone.getTimeZone(ZoneId.of("Asia/Shanghai")), Locale.CHINA);
        }
    }
}
