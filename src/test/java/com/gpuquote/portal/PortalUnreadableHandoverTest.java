package com.gpuquote.portal;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.gpuquote.KaribuTest;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.sizing.SizingHandoverCodec;
import com.gpuquote.sizing.UnreadableHandoverException;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 14, ADR 1406 decision 4: a sizing hand-over the portal cannot read is no longer silently dropped. The reader
 * gets an error naming the field; the customer's page still opens and shows the line with its hardware but without
 * fit, plan or estimate; the portal logs it once at WARN with the quote id.
 */
class PortalUnreadableHandoverTest extends KaribuTest {

    /** The fixture's candidate with the VRAM need per GPU damaged (an object where a number belongs). */
    private static final String DAMAGED = PortalFixtures.CANDIDATE.replace("\"perGpuTotalGiB\":19.5",
            "\"perGpuTotalGiB\":{\"GiB\":19.5}");

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    PortalThrottle throttle;

    @BeforeEach
    void resetThrottle() {
        throttle.reset("127.0.0.1");
        logout();
    }

    @Test
    void theReaderNamesTheFieldAndThePageStillOpensWithoutTheFitAndOneWarning() {
        assertThat(DAMAGED).contains("{\"GiB\":19.5}");
        assertThatThrownBy(() -> SizingHandoverCodec.fromJson(DAMAGED))
                .isInstanceOfSatisfying(UnreadableHandoverException.class,
                        e -> assertThat(e.field()).isEqualTo("perGpuTotalGiB"));

        PortalFixtures.Sent first = fixtures.sentQuote();
        PortalFixtures.Sent s = fixtures.sentQuote(first.tenant(), first.customer(), DAMAGED);
        Logger views = (Logger) LoggerFactory.getLogger(PortalViews.class);
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.start();
        views.addAppender(logs);
        try {
            UI.getCurrent().navigate("portal/q/" + s.token());
            assertThat(_get(Span.class, sp -> sp.withId("portal-status")).getElement().getAttribute("data-status"))
                    .isEqualTo("VIEWED");
        } finally {
            views.detachAppender(logs);
        }
        Div optionA = _get(Div.class, d -> d.withId("portal-option-A"));
        assertThat(_find(optionA, Div.class, d -> d.withClasses("portal-line"))).hasSize(1);
        assertThat(_find(optionA, Span.class, sp -> sp.withClasses("portal-hardware"))).hasSize(1);
        assertThat(_find(optionA, Span.class, sp -> sp.withClasses("portal-fit"))).isEmpty();
        assertThat(_find(optionA, Span.class, sp -> sp.withClasses("portal-plan"))).isEmpty();
        assertThat(_find(optionA, Span.class, sp -> sp.withClasses("portal-estimate"))).isEmpty();

        List<ILoggingEvent> warnings = logs.list.stream().filter(e -> e.getLevel() == Level.WARN).toList();
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0).getFormattedMessage()).contains(s.quoteId().value().toString())
                .contains("perGpuTotalGiB").doesNotContain(s.token());
    }

    /** The same quote with a readable hand-over shows the fit, and nothing is logged (the check above can fail). */
    @Test
    void aReadableHandOverShowsItsFitWithoutWarning() {
        PortalFixtures.Sent s = fixtures.sentQuote();
        Logger views = (Logger) LoggerFactory.getLogger(PortalViews.class);
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.start();
        views.addAppender(logs);
        try {
            UI.getCurrent().navigate("portal/q/" + s.token());
        } finally {
            views.detachAppender(logs);
        }
        Div optionA = _get(Div.class, d -> d.withId("portal-option-A"));
        assertThat(_find(optionA, Span.class, sp -> sp.withClasses("portal-fit"))).hasSize(1);
        assertThat(logs.list).noneMatch(e -> e.getLevel() == Level.WARN);
    }
}
