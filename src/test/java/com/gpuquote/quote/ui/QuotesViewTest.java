package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.quote.ui.QuoteUiFixtures.World;
import com.gpuquote.security.Role;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.security.Colleague;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.combobox.ComboBox;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.Set;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.ComboBoxKt.getSuggestions;
import static com.github.mvysny.kaributesting.v10.ComboBoxKt.selectByLabel;
import static com.github.mvysny.kaributesting.v10.GridKt._findAll;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** The quotes list: consultants filter by any consultant of their tenant, not only by "mine". */
class QuotesViewTest extends KaribuTest {

    @Autowired
    QuoteUiFixtures fixtures;
    @Autowired
    QuoteDrafting quoteDrafting;
    @Autowired
    QuoteQueries quoteQueries;
    @Autowired
    QuoteWorkflow quoteWorkflow;
    @Autowired
    UserService users;

    World world;
    String colleagueEmail;
    QuoteDetails mine;
    QuoteDetails colleagues;

    @BeforeEach
    void twoConsultantsWithAQuoteEach() {
        world = fixtures.world("杭州云算科技有限公司", "zh-CN");
        colleagueEmail = "colleague-" + UUID.randomUUID().toString().substring(0, 8) + "@test.example";
        SystemAuthentication.asPlatformAdmin(() -> users.createAccountIfAbsent(world.tenant().tenant().id(),
                colleagueEmail, "赵六", Set.of(Role.CONSULTANT), TestTenants.PASSWORD));
        mine = draft(world.consultant());
        colleagues = draft(colleagueEmail);
    }

    private QuoteDetails draft(String email) {
        return fixtures.as(email, () -> quoteDrafting.create(new NewQuote(world.project().id(), null, List.of(
                new QuoteInput.Option("A", List.of(QuoteInput.Line.of(QuoteUiFixtures.T4, QuoteUiFixtures.REGION,
                        BillingMode.MONTHLY, 1, 12)), List.of())))));
    }

    @Test
    void aConsultantPicksAColleagueToSeeTheirQuotes() {
        login(world.consultant());
        UI.getCurrent().navigate(QuotesView.class);
        QuotesView view = _get(QuotesView.class);
        assertThat(ids(view)).containsExactlyInAnyOrder(mine.id().toString(), colleagues.id().toString());

        @SuppressWarnings("unchecked")
        ComboBox<Colleague> consultant = _get(ComboBox.class, spec -> spec.withId("quote-filter-consultant"));
        assertThat(consultant.isVisible()).isTrue();
        assertThat(getSuggestions(consultant)).contains("赵六").anyMatch(n -> n.startsWith("Consultant"))
                .anyMatch(n -> n.startsWith("Admin"));

        selectByLabel(consultant, "赵六");
        assertThat(ids(view)).containsExactly(colleagues.id().toString());

        _setValue(consultant, null);
        _setValue(view.mine, true);
        assertThat(ids(view)).containsExactly(mine.id().toString());
    }

    @Test
    void theExportHoldsTheFilteredQuotesInTheUsersLanguage() throws Exception {
        login(world.consultant());
        UI.getCurrent().navigate(QuotesView.class);
        QuotesView view = _get(QuotesView.class);
        _setValue(view.mine, true);
        String csv = new String(com.github.mvysny.kaributesting.v10.DownloadKt.download(view.export),
                java.nio.charset.StandardCharsets.UTF_8);
        assertThat(csv).startsWith("\uFEFF报价编号");
        assertThat(csv.lines().toList()).hasSize(2); // heading and my one quote, not the colleague's
        assertThat(csv).contains(mine.number()).contains("草稿").doesNotContain(colleagues.number());
    }

    @Test
    void spreadsheetFormulasInCellsAreDefused() {
        assertThat(com.gpuquote.quote.QuoteListCsvAccess.safe("=HYPERLINK(\"x\")")).isEqualTo("'=HYPERLINK(\"x\")");
        assertThat(com.gpuquote.quote.QuoteListCsvAccess.safe("北京")).isEqualTo("北京");
    }

    /**
     * Issue 12: the list shows each quote's amount. A submitted quote: T4 at 5,000.00 a month × 12 months = 60,000.00
     * plus 6 % VAT (the tenant default) = ¥63,600.00. A draft is priced when opened, and says so.
     */
    @Test
    void theListShowsTheSubmittedAmountWithVatAndSaysDraftsArePricedWhenOpened() {
        fixtures.as(world.consultant(), () -> quoteWorkflow.submit(mine.id()));
        login(world.consultant());
        UI.getCurrent().navigate(QuotesView.class);
        QuotesView view = _get(QuotesView.class);
        List<QuoteSummary> rows = _findAll(view.grid);
        QuoteSummary submitted = rows.stream().filter(q -> q.id().equals(mine.id())).findFirst().orElseThrow();
        QuoteSummary draft = rows.stream().filter(q -> q.id().equals(colleagues.id())).findFirst().orElseThrow();
        assertThat(view.amount(submitted)).isEqualTo("¥63,600.00");
        assertThat(view.amount(draft)).isEqualTo("草稿：打开时计价");
    }

    /** Issue 12: the list starts a quote: pick the customer, its only project is chosen, the empty draft opens. */
    @Test
    void newQuoteFromTheListOpensAnEmptyDraftForTheChosenProject() {
        login(world.consultant());
        UI.getCurrent().navigate(QuotesView.class);
        QuotesView view = _get(QuotesView.class);
        com.github.mvysny.kaributesting.v10.LocatorJ._click(view.newQuote);
        NewQuoteDialog dialog = _get(NewQuoteDialog.class);
        assertThat(dialog.create.isEnabled()).isFalse();
        selectByLabel(dialog.customer, "杭州云算科技有限公司");
        assertThat(dialog.project.getValue().id()).isEqualTo(world.project().id());
        com.github.mvysny.kaributesting.v10.LocatorJ._click(dialog.create);

        QuoteEditorView editor = _get(QuoteEditorView.class);
        assertThat(editor.quote.projectId()).isEqualTo(world.project().id());
        assertThat(editor.quote.status()).isEqualTo(com.gpuquote.quote.QuoteStatus.DRAFT);
        assertThat(fixtures.as(world.consultant(), () -> quoteQueries.forProject(world.project().id()))).hasSize(3);
    }

    private static List<String> ids(QuotesView view) {
        return _findAll(view.grid).stream().map(QuoteSummary::id).map(Object::toString).toList();
    }
}
