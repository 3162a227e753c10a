package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.gpuquote.quote.domain.Approval;
import com.gpuquote.quote.domain.ApprovalDeniedException;
import com.gpuquote.quote.domain.InvalidQuoteException;
import com.gpuquote.quote.domain.Quote;
import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.QuoteNotEditableException;
import com.gpuquote.quote.domain.QuoteNumber;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.domain.SelfApprovalException;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.quote.pricing.QuotePricer;
import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import com.gpuquote.security.UserId;
import java.util.UUID;
import java.util.function.Consumer;

import static com.gpuquote.quote.PricingFixtures.REGION;
import static com.gpuquote.quote.QuoteStatus.ACCEPTED;
import static com.gpuquote.quote.QuoteStatus.APPROVED;
import static com.gpuquote.quote.QuoteStatus.DRAFT;
import static com.gpuquote.quote.QuoteStatus.EXPIRED;
import static com.gpuquote.quote.QuoteStatus.PENDING_APPROVAL;
import static com.gpuquote.quote.QuoteStatus.REJECTED;
import static com.gpuquote.quote.QuoteStatus.SENT;
import static com.gpuquote.quote.QuoteStatus.SUPERSEDED;
import static com.gpuquote.quote.QuoteStatus.VIEWED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

@CalendarTest
class QuoteTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 3, 1);
    private static final LocalDate VALID_UNTIL = LocalDate.of(2026, 3, 31);   // TODAY + 30 days
    private static final LocalDate AFTER_VALIDITY = LocalDate.of(2026, 4, 1);
    private static final Instant NOW = Instant.parse("2026-03-01T08:00:00Z");
    private static final UserId AUTHOR = new UserId(UUID.randomUUID());
    private static final UserId ADMIN = new UserId(UUID.randomUUID());
    private static final QuoteNumber NUMBER = new QuoteNumber(2026, 7);

    /** Instance "x": list 100, cost 50; floor 15 % → below floor under 57.50. */
    private final PricingFixtures fixtures = new PricingFixtures().instance("x", "f", "A10", 1)
            .price("x", BillingMode.MONTHLY, "100", "50");
    private final QuotePricer pricer = fixtures.pricer("0.15", "0.06");

    private static QuoteLine okLine() {
        return QuoteLine.of("x", REGION, BillingMode.MONTHLY, 1, 12);
    }

    private static QuoteLine belowFloorLine() {
        return okLine().withManualDiscount(new BigDecimal("50"));  // 50 < 57.5
    }

    private PricedQuote priced(Quote q) {
        return pricer.price(q.options(), null, TODAY);
    }

    private static Quote draft(QuoteLine line) {
        Quote q = Quote.draft(new QuoteId(UUID.randomUUID()), NUMBER, AUTHOR, TODAY);
        q.addOption(List.of(line), List.of());
        return q;
    }

    /** A quote in {@code status}, reached through the real transitions. */
    private Quote quoteIn(QuoteStatus status) {
        Quote q;
        switch (status) {
            case DRAFT -> q = draft(okLine());
            case PENDING_APPROVAL -> {
                q = draft(belowFloorLine());
                q.submit(priced(q));
            }
            case APPROVED -> {
                q = draft(okLine());
                q.submit(priced(q));
            }
            case SENT -> {
                q = quoteIn(APPROVED);
                q.send(TODAY, NOW);
            }
            case VIEWED -> {
                q = quoteIn(SENT);
                q.markViewed(TODAY);
            }
            case ACCEPTED -> {
                q = quoteIn(VIEWED);
                q.accept(TODAY);
            }
            case REJECTED -> {
                q = quoteIn(SENT);
                q.reject(TODAY);
            }
            case EXPIRED -> {
                q = quoteIn(SENT);
                q.expire(AFTER_VALIDITY);
            }
            case SUPERSEDED -> {
                q = quoteIn(SENT);
                q.revise(new QuoteId(UUID.randomUUID()), AUTHOR, TODAY);
            }
            default -> throw new IllegalArgumentException();
        }
        assertThat(q.status()).isEqualTo(status);
        return q;
    }

    private enum Action {
        SUBMIT(APPROVED), APPROVE(APPROVED), REOPEN(DRAFT), SEND(SENT), MARK_VIEWED(VIEWED), ACCEPT(ACCEPTED),
        REJECT(REJECTED), EXPIRE(EXPIRED), REVISE(SUPERSEDED), EDIT(null);

        final QuoteStatus target;

        Action(QuoteStatus target) {
            this.target = target;
        }
    }

    private void perform(Action action, Quote q) {
        switch (action) {
            case SUBMIT -> q.submit(priced(q));
            case APPROVE -> q.approve(ADMIN, true, "ok, strategic customer", NOW);
            case REOPEN -> q.reopen();
            case SEND -> q.send(TODAY, NOW);
            case MARK_VIEWED -> q.markViewed(TODAY);
            case ACCEPT -> q.accept(TODAY);
            case REJECT -> q.reject(TODAY);
            case EXPIRE -> q.expire(AFTER_VALIDITY);
            case REVISE -> q.revise(new QuoteId(UUID.randomUUID()), AUTHOR, TODAY);
            case EDIT -> q.addOption(List.of(okLine()), List.of());
        }
    }

    /** The allowed moves, written out by hand from the issue. */
    private static Map<QuoteStatus, Set<Action>> allowed() {
        Map<QuoteStatus, Set<Action>> m = new EnumMap<>(QuoteStatus.class);
        for (QuoteStatus s : QuoteStatus.values()) {
            m.put(s, EnumSet.noneOf(Action.class));
        }
        m.put(DRAFT, EnumSet.of(Action.SUBMIT, Action.EDIT));
        m.put(PENDING_APPROVAL, EnumSet.of(Action.APPROVE, Action.REOPEN));
        m.put(APPROVED, EnumSet.of(Action.SEND, Action.REOPEN));
        m.put(SENT, EnumSet.of(Action.MARK_VIEWED, Action.ACCEPT, Action.REJECT, Action.EXPIRE, Action.REVISE));
        m.put(VIEWED, EnumSet.of(Action.ACCEPT, Action.REJECT, Action.EXPIRE, Action.REVISE));
        m.put(REJECTED, EnumSet.of(Action.REVISE));
        m.put(EXPIRED, EnumSet.of(Action.REVISE));
        return m;
    }

    @Test
    void everyStatusActionPairFollowsTheAllowedTable() {
        Map<QuoteStatus, Set<Action>> allowed = allowed();
        List<String> checked = new ArrayList<>();
        for (QuoteStatus status : QuoteStatus.values()) {
            for (Action action : Action.values()) {
                Quote q = quoteIn(status);
                String pair = status + " × " + action;
                Throwable thrown = catchThrowable(() -> perform(action, q));
                if (allowed.get(status).contains(action)) {
                    assertThat(thrown).as(pair).isNull();
                    assertThat(q.status()).as(pair).isEqualTo(action == Action.EDIT ? DRAFT : action.target);
                } else if (action == Action.EDIT) {
                    assertThat(thrown).as(pair).isInstanceOfSatisfying(QuoteNotEditableException.class,
                            e -> assertThat(e.status()).isEqualTo(status));
                    assertThat(q.status()).as(pair).isEqualTo(status);
                } else {
                    QuoteStatus expectedTo = action == Action.SUBMIT && status == PENDING_APPROVAL
                            ? PENDING_APPROVAL : action.target;   // its line is below floor
                    assertThat(thrown).as(pair).isInstanceOfSatisfying(IllegalQuoteTransitionException.class, e -> {
                        assertThat(e.from()).as(pair).isEqualTo(status);
                        assertThat(e.to()).as(pair).isEqualTo(expectedTo);
                    });
                    assertThat(q.status()).as(pair + " unchanged").isEqualTo(status);
                }
                checked.add(pair);
            }
        }
        assertThat(checked).hasSize(QuoteStatus.values().length * Action.values().length);
    }

    @Nested
    class Submit {

        @Test
        void goesStraightToApprovedWhenNothingIsBelowFloor() {
            Quote q = draft(okLine());
            PricedQuote p = priced(q);

            assertThat(q.submit(p)).isEqualTo(APPROVED);
            assertThat(q.pricing()).containsSame(p);
            assertThat(q.approval()).isEmpty();
        }

        @Test
        void needsApprovalWhenAnyLineOfAnyOptionIsBelowFloor() {
            Quote q = draft(okLine());
            q.addOption(List.of(okLine(), belowFloorLine()), List.of());

            assertThat(q.submit(priced(q))).isEqualTo(PENDING_APPROVAL);
        }

        @Test
        void refusesPricingOfOtherOptions() {
            Quote q = draft(okLine());
            PricedQuote stale = priced(q);
            q.replaceOption(OptionName.A, List.of(belowFloorLine()), List.of());

            assertThatThrownBy(() -> q.submit(stale)).isInstanceOf(IllegalArgumentException.class);
            assertThat(q.status()).isEqualTo(DRAFT);
        }

        @Test
        void needsAtLeastOneOptionAndALineInEachOption() {
            Quote empty = Quote.draft(new QuoteId(UUID.randomUUID()), NUMBER, AUTHOR, TODAY);
            assertThatThrownBy(() -> empty.submit(priced(empty)))
                    .isInstanceOfSatisfying(InvalidQuoteException.class, e -> assertThat(e.errors())
                            .containsExactly(new QuoteError("options", "quote.error.noOptions")));

            Quote servicesOnly = draft(okLine());
            servicesOnly.addOption(List.of(), List.of(ServiceLine.monthly("Support", "10")));
            assertThatThrownBy(() -> servicesOnly.submit(priced(servicesOnly)))
                    .isInstanceOfSatisfying(InvalidQuoteException.class, e -> assertThat(e.errors())
                            .containsExactly(new QuoteError("options[1].lines", "quote.error.noLines")));
            assertThat(servicesOnly.status()).isEqualTo(DRAFT);
        }
    }

    @Nested
    class Approve {

        @Test
        void tenantAdminWhoIsNotTheAuthorApprovesWithAComment() {
            Quote q = quoteIn(PENDING_APPROVAL);

            q.approve(ADMIN, true, "  margin ok for a 3-year deal ", NOW);

            assertThat(q.status()).isEqualTo(APPROVED);
            assertThat(q.approval()).contains(new Approval(ADMIN, "margin ok for a 3-year deal", NOW));
        }

        @Test
        void selfApprovalIsRefusedEvenForATenantAdmin() {
            Quote q = quoteIn(PENDING_APPROVAL);

            assertThatThrownBy(() -> q.approve(AUTHOR, true, "looks fine", NOW))
                    .isInstanceOfSatisfying(SelfApprovalException.class,
                            e -> assertThat(e.userId()).isEqualTo(AUTHOR));
            assertThat(q.status()).isEqualTo(PENDING_APPROVAL);
            assertThat(q.approval()).isEmpty();
        }

        @Test
        void onlyTenantAdminsMayApprove() {
            Quote q = quoteIn(PENDING_APPROVAL);

            Throwable thrown = catchThrowable(() -> q.approve(ADMIN, false, "ok", NOW));
            assertThat(thrown).isInstanceOf(ApprovalDeniedException.class).isNotInstanceOf(SelfApprovalException.class);
            assertThat(q.status()).isEqualTo(PENDING_APPROVAL);
        }

        @Test
        void commentIsRequired() {
            for (String comment : new String[]{null, "", "   "}) {
                Quote q = quoteIn(PENDING_APPROVAL);
                assertThatThrownBy(() -> q.approve(ADMIN, true, comment, NOW))
                        .isInstanceOfSatisfying(InvalidQuoteException.class, e -> assertThat(e.errors())
                                .containsExactly(new QuoteError("comment", "quote.error.required")));
                assertThat(q.status()).isEqualTo(PENDING_APPROVAL);
            }
        }

        @Test
        void reopenDropsPricingAndApprovalSoTheQuoteCanBeEdited() {
            Quote q = quoteIn(PENDING_APPROVAL);
            q.approve(ADMIN, true, "ok", NOW);

            q.reopen();

            assertThat(q.status()).isEqualTo(DRAFT);
            assertThat(q.pricing()).isEmpty();
            assertThat(q.approval()).isEmpty();
            assertThat(q.isEditable()).isTrue();
        }
    }

    @Nested
    class SendAndValidity {

        @Test
        void defaultValidityIsThirtyDays() {
            assertThat(Quote.draft(new QuoteId(UUID.randomUUID()), NUMBER, AUTHOR, TODAY).validUntil()).isEqualTo(VALID_UNTIL);
        }

        @Test
        void sendFreezesThePricesApprovedAtSubmit() {
            Quote q = quoteIn(APPROVED);
            PricedQuote atSubmit = q.pricing().orElseThrow();

            q.send(TODAY, NOW);
            // the price list changes afterwards: the quote keeps its snapshot
            fixtures.price("x", BillingMode.MONTHLY, "999", "50");
            PricedQuote repriced = priced(q);

            assertThat(q.isPriceFrozen()).isTrue();
            assertThat(q.sentAt()).contains(NOW);
            assertThat(q.pricing()).containsSame(atSubmit);
            assertThat(q.pricing().orElseThrow().options().get(0).view().lines().get(0).netUnitPrice())
                    .isEqualTo(new BigDecimal("100.0000"));
            assertThat(repriced.options().get(0).view().lines().get(0).netUnitPrice())
                    .isEqualTo(new BigDecimal("999.0000"));
        }

        @Test
        void cannotSendAfterValidity() {
            Quote q = quoteIn(APPROVED);

            q.send(VALID_UNTIL, NOW); // the last valid day is fine
            Quote late = quoteIn(APPROVED);
            assertThatThrownBy(() -> late.send(AFTER_VALIDITY, NOW))
                    .isInstanceOfSatisfying(InvalidQuoteException.class, e -> assertThat(e.errors())
                            .containsExactly(new QuoteError("validUntil", "quote.error.validUntilPast")));
            assertThat(late.status()).isEqualTo(APPROVED);
        }

        @Test
        void effectiveStatusReadsExpiredAfterTheLastValidDay() {
            Quote sent = quoteIn(SENT);
            Quote viewed = quoteIn(VIEWED);
            Quote accepted = quoteIn(ACCEPTED);

            assertThat(sent.effectiveStatus(VALID_UNTIL)).isEqualTo(SENT);
            assertThat(sent.effectiveStatus(AFTER_VALIDITY)).isEqualTo(EXPIRED);
            assertThat(viewed.effectiveStatus(AFTER_VALIDITY)).isEqualTo(EXPIRED);
            assertThat(accepted.effectiveStatus(AFTER_VALIDITY)).isEqualTo(ACCEPTED);
            assertThat(quoteIn(DRAFT).effectiveStatus(AFTER_VALIDITY)).isEqualTo(DRAFT);
            assertThat(sent.status()).isEqualTo(SENT); // reading does not change the stored status
        }

        @Test
        void cannotAcceptRejectOrViewAfterValidity() {
            List<Consumer<Quote>> moves = List.of(q -> q.accept(AFTER_VALIDITY), q -> q.reject(AFTER_VALIDITY),
                    q -> q.markViewed(AFTER_VALIDITY));
            List<QuoteStatus> targets = List.of(ACCEPTED, REJECTED, VIEWED);
            for (int i = 0; i < moves.size(); i++) {
                Quote q = quoteIn(SENT);
                Consumer<Quote> move = moves.get(i);
                QuoteStatus target = targets.get(i);
                assertThatThrownBy(() -> move.accept(q))
                        .isInstanceOfSatisfying(IllegalQuoteTransitionException.class, e -> {
                            assertThat(e.from()).isEqualTo(EXPIRED);
                            assertThat(e.to()).isEqualTo(target);
                        });
                assertThat(q.status()).isEqualTo(SENT);
            }
            Quote lastDay = quoteIn(VIEWED);
            lastDay.accept(VALID_UNTIL);
            assertThat(lastDay.status()).isEqualTo(ACCEPTED);
        }

        @Test
        void expireOnlyAfterTheLastValidDay() {
            Quote q = quoteIn(VIEWED);

            assertThatThrownBy(() -> q.expire(VALID_UNTIL))
                    .isInstanceOfSatisfying(IllegalQuoteTransitionException.class, e -> {
                        assertThat(e.from()).isEqualTo(VIEWED);
                        assertThat(e.to()).isEqualTo(EXPIRED);
                    });
            q.expire(AFTER_VALIDITY);
            assertThat(q.status()).isEqualTo(EXPIRED);
        }
    }

    @Nested
    class Revise {

        @Test
        void makesVersionTwoAsDraftAndSupersedesTheOld() {
            Quote old = quoteIn(VIEWED);
            UserId reviser = new UserId(UUID.randomUUID());
            QuoteId newId = new QuoteId(UUID.randomUUID());
            LocalDate later = LocalDate.of(2026, 3, 20);

            Quote next = old.revise(newId, reviser, later);

            assertThat(old.status()).isEqualTo(SUPERSEDED);
            assertThat(next.id()).isEqualTo(newId);
            assertThat(next.number()).isEqualTo(NUMBER);
            assertThat(next.version()).isEqualTo(2);
            assertThat(next.status()).isEqualTo(DRAFT);
            assertThat(next.authorId()).isEqualTo(reviser);
            assertThat(next.validUntil()).isEqualTo(LocalDate.of(2026, 4, 19));
            assertThat(next.pricing()).isEmpty();
            assertThat(next.approval()).isEmpty();
            assertThat(next.isPriceFrozen()).isFalse();
            // same content, fresh ids
            QuoteOption before = old.options().get(0);
            QuoteOption after = next.options().get(0);
            assertThat(after.id()).isNotEqualTo(before.id());
            assertThat(after.name()).isEqualTo(before.name());
            assertThat(after.lines()).hasSize(1);
            assertThat(after.lines().get(0).id()).isNotEqualTo(before.lines().get(0).id());
            assertThat(after.lines().get(0)).usingRecursiveComparison().ignoringFields("id")
                    .isEqualTo(before.lines().get(0));
            // the old version is frozen
            assertThat(old.pricing()).isPresent();
        }

        @Test
        void revisionOfARevisionIsVersionThree() {
            Quote v1 = quoteIn(REJECTED);
            Quote v2 = v1.revise(new QuoteId(UUID.randomUUID()), AUTHOR, TODAY);
            v2.submit(priced(v2));
            v2.send(TODAY, NOW);

            assertThat(v2.revise(new QuoteId(UUID.randomUUID()), AUTHOR, TODAY).version()).isEqualTo(3);
        }
    }

    @Nested
    class Edits {

        @Test
        void optionsAreLetteredAToD() {
            Quote q = draft(okLine());

            assertThat(q.addOption(List.of(okLine()), List.of())).isEqualTo(OptionName.B);
            assertThat(q.addOption(List.of(okLine()), List.of())).isEqualTo(OptionName.C);
            assertThat(q.addOption(List.of(okLine()), List.of())).isEqualTo(OptionName.D);
            assertThatThrownBy(() -> q.addOption(List.of(okLine()), List.of()))
                    .isInstanceOfSatisfying(InvalidQuoteException.class, e -> assertThat(e.errors())
                            .containsExactly(new QuoteError("options", "quote.error.maxOptions")));
            assertThat(q.options()).extracting(QuoteOption::name)
                    .containsExactly(OptionName.A, OptionName.B, OptionName.C, OptionName.D);
        }

        @Test
        void removingAnOptionReLettersTheLaterOnes() {
            Quote q = draft(okLine());
            q.addOption(List.of(okLine()), List.of());
            q.addOption(List.of(okLine()), List.of());
            QuoteOptionId idOfC = q.options().get(2).id();

            q.removeOption(OptionName.B);

            assertThat(q.options()).extracting(QuoteOption::name).containsExactly(OptionName.A, OptionName.B);
            assertThat(q.options().get(1).id()).isEqualTo(idOfC);
        }

        @Test
        void invalidLinesAreRefusedWithTheirPath() {
            Quote q = draft(okLine());

            assertThatThrownBy(() -> q.replaceOption(OptionName.A,
                    List.of(okLine(), QuoteLine.of("x", REGION, BillingMode.YEARLY, 1, 18)), List.of()))
                    .isInstanceOfSatisfying(InvalidQuoteException.class, e -> assertThat(e.errors()).containsExactly(
                            new QuoteError("options[0].lines[1].termMonths", "quote.error.yearlyTermMultipleOf12")));
            assertThat(q.options().get(0).lines()).hasSize(1);
        }

        @Test
        void validUntilCanBeChangedButNotIntoThePast() {
            Quote q = draft(okLine());

            q.changeValidUntil(LocalDate.of(2026, 5, 1), TODAY);
            assertThat(q.validUntil()).isEqualTo(LocalDate.of(2026, 5, 1));
            assertThatThrownBy(() -> q.changeValidUntil(TODAY.minusDays(1), TODAY))
                    .isInstanceOf(InvalidQuoteException.class);
        }

        @Test
        void noEditsOutsideDraft() {
            for (QuoteStatus status : QuoteStatus.values()) {
                if (status == DRAFT) {
                    continue;
                }
                Quote q = quoteIn(status);
                List<Runnable> edits = List.of(
                        () -> q.addOption(List.of(okLine()), List.of()),
                        () -> q.replaceOption(OptionName.A, List.of(okLine()), List.of()),
                        () -> q.removeOption(OptionName.A),
                        () -> q.changeValidUntil(VALID_UNTIL, TODAY));
                for (Runnable edit : edits) {
                    assertThatThrownBy(edit::run).as(status.toString())
                            .isInstanceOf(QuoteNotEditableException.class);
                }
                assertThat(q.isEditable()).isFalse();
            }
        }
    }
}
