package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteService;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.concurrent.atomic.AtomicReference;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** "Add to quote" builds a two-option quote from two sizing candidates and keeps each line's sizing reference. */
class AddToQuoteDialogTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteService quotes;
    @Autowired
    QuoteQueries queries;
    @Autowired
    QuoteDrafting drafting;

    @Test
    void twoCandidatesBecomeOptionsAAndB() {
        World world = fixtures.world("武汉大模型有限公司", "zh-CN");
        login(world.consultant());
        SizingRef ref = new SizingRef(null, "{\"instanceType\":\"" + QuoteUiFixtures.T4 + "\",\"instances\":2}");
        QuoteInput.Line first = QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION, BillingMode.MONTHLY, 2, 12)
                .withSizing(ref);
        AtomicReference<QuoteDetails> added = new AtomicReference<>();
        AddToQuoteDialog dialog = new AddToQuoteDialog(queries, drafting, world.project().id(), first, added::set);
        dialog.open();
        assertThat(dialog.quote.getValue()).as("no draft yet: a new quote").isEmpty();
        _click(dialog.add);
        QuoteDetails q = added.get();
        assertThat(q.options()).hasSize(1);

        QuoteInput.Line second = QuoteInput.Line.of(QuoteUiFixtures.A10, QuoteUiFixtures.REGION, BillingMode.HOURLY, 1, 12)
                .withSizing(new SizingRef(null, "{\"instanceType\":\"" + QuoteUiFixtures.A10 + "\"}"));
        dialog = new AddToQuoteDialog(queries, drafting, world.project().id(), second, added::set);
        dialog.open();
        assertThat(dialog.quote.getValue()).isEqualTo(q.id().toString());
        _setValue(dialog.option, "");
        _click(dialog.add);

        QuoteDetails two = quotes.get(q.id());
        assertThat(two.options()).extracting(o -> o.name().name()).containsExactly("A", "B");
        assertThat(two.options().get(0).lines().get(0).instanceType()).isEqualTo(QuoteUiFixtures.T4);
        assertThat(two.options().get(1).lines().get(0).instanceType()).isEqualTo(QuoteUiFixtures.A10);
        assertThat(two.lineSizing().get(two.options().get(0).lines().get(0).id()).candidateJson()).contains("instances");
        assertThat(two.options().get(1).totals().grandTotal()).isPositive();
    }
}
