package com.gpuquote;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The second surefire pass (JVM in China time) runs only {@link CalendarTest} classes, so a test class that uses
 * calendar types (java.time dates, zones and formatters, {@code Clock}, the legacy Date/Calendar/TimeZone, JDBC dates,
 * {@code BusinessCalendar}, {@code MovableClock}) must carry the tag: a new date test cannot silently drop out of it.
 * Lambdas and nested classes count as their top-level class.
 */
@AnalyzeClasses(packages = "com.gpuquote")
class CalendarTestsAreTaggedTest {

    /** Instant and Duration are left out: they carry no zone, so a JVM zone cannot change them. */
    static final Pattern CALENDAR_TYPE = Pattern.compile(
            "java\\.time\\.(LocalDate|LocalDateTime|LocalTime|ZonedDateTime|OffsetDateTime|OffsetTime|YearMonth|Year"
                    + "|MonthDay|Month|DayOfWeek|Period|ZoneId|ZoneOffset|Clock)"
                    + "|java\\.time\\.(format|temporal|zone|chrono)\\..*"
                    + "|java\\.util\\.(Date|Calendar|GregorianCalendar|TimeZone)"
                    + "|java\\.sql\\.(Date|Timestamp|Time)|java\\.text\\.(DateFormat|SimpleDateFormat)"
                    + "|com\\.gpuquote\\.shared\\.time\\..*");

    /** {@code temporal} holds ChronoUnit and the like, used for durations too; these members of it are zone-free. */
    private static final Set<String> ZONE_FREE = Set.of("java.time.temporal.ChronoUnit",
            "java.time.temporal.TemporalUnit", "java.time.temporal.TemporalAmount");

    /** The same import as TimeArchitectureTest's (ArchUnit caches it): main and test classes; the tests are used. */
    @ArchTest
    static void everyTestClassThatUsesCalendarTypesCarriesTheCalendarTag(JavaClasses all) throws ClassNotFoundException {
        Map<String, Set<String>> untagged = untaggedCalendarTests(all.that(DescribedPredicate.describe("test classes",
                (JavaClass c) -> c.getSource().map(s -> s.getUri().toString().contains("/test-classes/")).orElse(false)
                        && !c.getName().startsWith(SAMPLES + "$"))));
        assertThat(untagged)
                .as("test classes that use calendar types but lack @CalendarTest (add it: the second time zone "
                        + "runs only tagged classes)")
                .isEmpty();
    }

    /** Proof that the check bites: an untagged test class using LocalDate is reported, a tagged one is not. */
    @Test
    void anUntaggedDateTestIsReported() throws ClassNotFoundException {
        JavaClasses samples = new ClassFileImporter().importClasses(UntaggedDateTest.class, TaggedDateTest.class,
                UntaggedPlainTest.class);
        assertThat(untaggedCalendarTests(samples))
                .containsOnlyKeys(UntaggedDateTest.class.getName())
                .containsEntry(UntaggedDateTest.class.getName(), Set.of("java.time.LocalDate"));
    }

    static Map<String, Set<String>> untaggedCalendarTests(JavaClasses classes) throws ClassNotFoundException {
        Map<String, Set<String>> calendarUses = new TreeMap<>();
        Set<String> testClasses = new TreeSet<>();
        for (JavaClass c : classes) {
            String top = topLevel(c.getName());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getBaseComponentType().getName();
                if (CALENDAR_TYPE.matcher(target).matches() && !ZONE_FREE.contains(target)) {
                    calendarUses.computeIfAbsent(top, k -> new TreeSet<>()).add(target);
                }
            }
            if (!c.getModifiers().contains(JavaModifier.ABSTRACT)
                    && c.getAllMethods().stream().anyMatch(CalendarTestsAreTaggedTest::isTest)) {
                testClasses.add(top);
            }
        }
        Map<String, Set<String>> untagged = new TreeMap<>();
        for (String test : testClasses) {
            if (calendarUses.containsKey(test) && !tagged(Class.forName(test))) {
                untagged.put(test, calendarUses.get(test));
            }
        }
        return untagged;
    }

    static boolean tagged(Class<?> testClass) {
        return AnnotationSupport.findRepeatableAnnotations(testClass, Tag.class).stream()
                .anyMatch(t -> t.value().equals(CalendarTest.TAG));
    }

    private static boolean isTest(JavaMethod m) {
        return m.isAnnotatedWith(Testable.class) || m.isMetaAnnotatedWith(Testable.class);
    }

    /** The samples below are test classes of their own (and left out of the real scan). */
    private static String topLevel(String name) {
        int from = name.startsWith(SAMPLES + "$") ? SAMPLES.length() + 1 : 0;
        int nested = name.indexOf('$', from);
        return nested < 0 ? name : name.substring(0, nested);
    }

    private static final String SAMPLES = CalendarTestsAreTaggedTest.class.getName();

    static final class UntaggedDateTest {
        @Test
        void sample() {
            assertThat(LocalDate.of(2026, 1, 1)).isNotNull();
        }
    }

    @CalendarTest
    static final class TaggedDateTest {
        @Test
        void sample() {
            assertThat(LocalDate.of(2026, 1, 1)).isNotNull();
        }
    }

    static final class UntaggedPlainTest {
        @Test
        void sample() {
            assertThat(Instant.EPOCH).isNotNull();
        }
    }
}
