package com.gpuquote;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that works with calendar days, zones, validity, expiry, periods or clocks. {@code mvn verify} runs
 * these classes a second time with the JVM in China time (surefire execution {@code second-time-zone}, group
 * {@value #TAG}); every other class runs once. {@link CalendarTestsAreTaggedTest} fails when a test class that uses
 * calendar types lacks this annotation.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Documented
@Tag(CalendarTest.TAG)
public @interface CalendarTest {
    String TAG = "calendar";
}
