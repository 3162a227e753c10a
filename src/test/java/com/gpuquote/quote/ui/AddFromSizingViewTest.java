package com.gpuquote.quote.ui;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.ui.CandidatesGrid;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.NumberField;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.router.QueryParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Add from sizing": on {@code sizing?project=<id>} each candidate's "Add to quote" puts it into a draft of the
 * project (new quote → option A, then a new option B), referring to the project's sizing run saved on the way;
 * a saved run reopened from the project page adds to the same run.
 */
class AddFromSizingViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;

    @org.springframework.beans.factory.annotation.Autowired
    com.gpuquote.sizing.SizingRunService sizingRunService;
    @Autowired
    QuoteQueries quoteQueries;

    TestTenants.TestTenant t;
    Project project;

    @BeforeEach
    void projectOfAPricedTenant() {
        t = fixtures.pricedTenant("zh-CN");
        login(t.consultantEmail());
        var customer = customers.create(new CustomerDraft("从测算报价有限公司", null, null, "zh-CN", null, List.of(), null));
        project = projects.create(new ProjectDraft(customer.id(), "Llama 推理", null));
    }

    @Test
    void twoCandidatesBecomeOptionsAAndBOfANewQuoteReferringToTheSizingRun() {
        UI.getCurrent().navigate("sizing", QueryParameters.of("project", project.id().toString()));
        CandidatesGrid grid = _get(CandidatesGrid.class);
        @SuppressWarnings("unchecked")
        ComboBox<com.gpuquote.sizing.engine.ModelPreset> preset =
                (ComboBox<com.gpuquote.sizing.engine.ModelPreset>) _get(ComboBox.class, s -> s.withId("sizing-preset"));
        _setValue(preset, ModelPresets.find("llama-2-7b").orElseThrow());
        List<Candidate> shown = grid.getGenericDataView().getItems().toList();
        assertThat(shown).hasSizeGreaterThanOrEqualTo(2);
        assertThat(sizingRunService.list(project.id())).isEmpty();

        addToQuote(grid, 0);
        AddToQuoteDialog dialog = _get(AddToQuoteDialog.class);
        assertThat(dialog.quote.getValue()).as("no draft yet: a new quote").isEmpty();
        _click(dialog.add);
        List<QuoteSummary> list = quoteQueries.forProject(project.id());
        assertThat(list).hasSize(1);
        List<SizingRun> runs = sizingRunService.list(project.id());
        assertThat(runs).as("the run was saved to refer to").hasSize(1);

        addToQuote(grid, 1);
        dialog = _get(AddToQuoteDialog.class);
        assertThat(dialog.quote.getValue()).isEqualTo(list.get(0).id().toString());
        assertThat(dialog.option.getValue()).as("a new option by default").isEmpty();
        _click(dialog.add);

        QuoteDetails q = quoteQueries.get(list.get(0).id());
        assertThat(q.options()).extracting(o -> o.name().name()).containsExactly("A", "B");
        for (int i = 0; i < 2; i++) {
            var line = q.options().get(i).lines().get(0);
            assertThat(line.instanceType()).isEqualTo(shown.get(i).instanceType());
            assertThat(line.quantity()).isEqualTo(shown.get(i).instances());
            assertThat(line.billingMode().name()).isEqualTo(shown.get(i).billingMode());
            assertThat(q.options().get(i).totals().grandTotal()).isPositive();
            var ref = q.lineSizing().get(line.id());
            assertThat(ref.sizingRunId()).isEqualTo(new com.gpuquote.sizing.SizingRunId(runs.get(0).id()));
            assertThat(ref.candidateJson()).contains(shown.get(i).instanceType());
        }
        assertThat(sizingRunService.list(project.id())).as("one run for one input").hasSize(1);
        assertThat(runs.get(0).inputJson()).contains("llama-2-7b");

        // the saved run, reopened from the project page, adds to the same quote and run
        UI.getCurrent().navigate("projects/" + project.id());
        @SuppressWarnings("unchecked")
        com.vaadin.flow.component.grid.Grid<SizingRun> runsGrid = _get(com.vaadin.flow.component.grid.Grid.class,
                s -> s.withId("project-runs"));
        Anchor open = (Anchor) GridKt._getCellComponent(runsGrid, 0, "open");
        assertThat(open.getId()).hasValue("sizing-run-open-" + runs.get(0).id());
        assertThat(open.getHref()).isEqualTo("sizing?project=" + project.id() + "&run=" + runs.get(0).id());
        UI.getCurrent().navigate("sizing", new QueryParameters(java.util.Map.of(
                "project", List.of(project.id().toString()), "run", List.of(runs.get(0).id().toString()))));
        grid = _get(CandidatesGrid.class);
        @SuppressWarnings("unchecked")
        ComboBox<com.gpuquote.sizing.engine.ModelPreset> reopened =
                (ComboBox<com.gpuquote.sizing.engine.ModelPreset>) _get(ComboBox.class, s -> s.withId("sizing-preset"));
        assertThat(reopened.getValue().id()).isEqualTo("llama-2-7b");
        addToQuote(grid, 0);
        _click(_get(AddToQuoteDialog.class).add);
        q = quoteQueries.get(list.get(0).id());
        assertThat(q.options()).extracting(o -> o.name().name()).containsExactly("A", "B", "C");
        assertThat(q.lineSizing().get(q.options().get(2).lines().get(0).id()).sizingRunId()).isEqualTo(new com.gpuquote.sizing.SizingRunId(runs.get(0).id()));
        assertThat(sizingRunService.list(project.id())).hasSize(1);
    }

    @Test
    void withoutAProjectAddToQuoteAsksForTheCustomerAndProjectFirstAndKeepsTheInputs() {
        // issue 12: sizing from the main menu was a dead end (no project, so no "Add to quote")
        UI.getCurrent().navigate("sizing");
        CandidatesGrid grid = _get(CandidatesGrid.class);
        assertThat(grid.getColumnByKey("actions").isVisible()).isTrue();
        @SuppressWarnings("unchecked")
        ComboBox<com.gpuquote.sizing.engine.ModelPreset> preset =
                (ComboBox<com.gpuquote.sizing.engine.ModelPreset>) _get(ComboBox.class, s -> s.withId("sizing-preset"));
        _setValue(preset, ModelPresets.find("llama-2-7b").orElseThrow());
        String first = grid.getGenericDataView().getItems().findFirst().orElseThrow().instanceType();
        Button choose = (Button) GridKt._getCellComponent(grid, 0, "actions");
        assertThat(choose.getId()).hasValue("candidate-choose-project-0");
        _click(choose);

        Button proceed = _get(Button.class, s -> s.withId("sizing-choose-continue"));
        assertThat(proceed.isEnabled()).isFalse();
        @SuppressWarnings("unchecked")
        ComboBox<com.gpuquote.customer.Customer> customer =
                (ComboBox<com.gpuquote.customer.Customer>) _get(ComboBox.class, s -> s.withId("sizing-choose-customer"));
        _setValue(customer, customers.get(project.customerId()));
        @SuppressWarnings("unchecked")
        ComboBox<Project> projectBox = (ComboBox<Project>) _get(ComboBox.class, s -> s.withId("sizing-choose-project"));
        assertThat(com.github.mvysny.kaributesting.v10.ComboBoxKt.getSuggestionItems(projectBox)).extracting(Project::name)
                .containsExactly("Llama 推理");
        _setValue(projectBox, project);
        _click(proceed);

        // straight on to the project's own "Add to quote" dialog, for the same candidate
        AddToQuoteDialog dialog = _get(AddToQuoteDialog.class);
        _click(dialog.add);
        QuoteDetails q = quoteQueries.get(quoteQueries.forProject(project.id()).get(0).id());
        assertThat(q.options().get(0).lines().get(0).instanceType()).isEqualTo(first);
        List<SizingRun> runs = sizingRunService.list(project.id());
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).inputJson()).contains("llama-2-7b");
        assertThat(preset.getValue().id()).as("the inputs stay").isEqualTo("llama-2-7b");
        // the view now works for the project: the row action is the project's, the run can be saved
        assertThat(GridKt._getCellComponent(grid, 0, "actions").getChildren()
                .map(c -> c.getId().orElse(""))).contains("candidate-add-to-quote-0");
        assertThat(_get(Button.class, s -> s.withId("sizing-save")).isVisible()).isTrue();
    }

    @Test
    void aServingPlanSizedForTrafficGoesOutAsTheInstancesTheTrafficNeeds() {
        UI.getCurrent().navigate("sizing", QueryParameters.of("project", project.id().toString()));
        CandidatesGrid grid = _get(CandidatesGrid.class);
        @SuppressWarnings("unchecked")
        ComboBox<com.gpuquote.sizing.engine.ModelPreset> preset =
                (ComboBox<com.gpuquote.sizing.engine.ModelPreset>) _get(ComboBox.class, s -> s.withId("sizing-preset"));
        _setValue(preset, ModelPresets.find("llama-3-8b").orElseThrow());
        _setValue(_get(com.vaadin.flow.component.textfield.NumberField.class,
                s -> s.withId("sizing-traffic-requestsPerSecond")), 40.0);
        _setValue(_get(com.vaadin.flow.component.textfield.IntegerField.class,
                s -> s.withId("sizing-traffic-inputTokens")), 1000);
        _setValue(_get(com.vaadin.flow.component.textfield.IntegerField.class,
                s -> s.withId("sizing-traffic-outputTokens")), 500);
        List<Candidate> shown = grid.getGenericDataView().getItems().toList();
        Candidate first = shown.get(0);
        Integer needed = first.performance().instancesNeeded();
        assertThat(needed).as("40 requests/s × 500 tokens is more than one instance serves").isGreaterThan(first.instances());

        addToQuote(grid, 0);
        _click(_get(AddToQuoteDialog.class).add);
        QuoteDetails q = quoteQueries.get(quoteQueries.forProject(project.id()).get(0).id());
        var line = q.options().get(0).lines().get(0);
        assertThat(line.quantity()).isEqualTo(needed);
        // the line keeps the plan's assumptions: the request shape and the capacity it was sized for
        assertThat(q.lineSizing().get(line.id()).candidateJson())
                .containsPattern("\"instancesNeeded\":\\s*" + needed + "\\b")
                .containsPattern("\"inputTokens\":\\s*1000\\b").containsPattern("\"outputTokens\":\\s*500\\b");
    }

    @Test
    void aServingPlanSizedWithinAnSloGoesOutAsTheInstancesTheSloNeedsAndKeepsIt() {
        UI.getCurrent().navigate("sizing", QueryParameters.of("project", project.id().toString()));
        CandidatesGrid grid = _get(CandidatesGrid.class);
        @SuppressWarnings("unchecked")
        ComboBox<com.gpuquote.sizing.engine.ModelPreset> preset =
                (ComboBox<com.gpuquote.sizing.engine.ModelPreset>) _get(ComboBox.class, s -> s.withId("sizing-preset"));
        _setValue(preset, ModelPresets.find("llama-3-8b").orElseThrow());
        _setValue(_get(NumberField.class, s -> s.withId("sizing-traffic-requestsPerSecond")), 40.0);
        _setValue(_get(IntegerField.class, s -> s.withId("sizing-traffic-inputTokens")), 1000);
        _setValue(_get(IntegerField.class, s -> s.withId("sizing-traffic-outputTokens")), 500);
        Candidate loose = grid.getGenericDataView().getItems().toList().get(0);
        _setValue(_get(NumberField.class, s -> s.withId("sizing-traffic-tpotMs")), 40.0);
        Candidate first = grid.getGenericDataView().getItems().toList().get(0);
        assertThat(first.instanceType()).isEqualTo(loose.instanceType());
        Integer needed = first.performance().instancesNeeded();
        // a per-token objective caps the batch, so the same plan needs at least as many instances
        assertThat(needed).isGreaterThanOrEqualTo(loose.performance().instancesNeeded());

        addToQuote(grid, 0);
        _click(_get(AddToQuoteDialog.class).add);
        QuoteDetails q = quoteQueries.get(quoteQueries.forProject(project.id()).get(0).id());
        var line = q.options().get(0).lines().get(0);
        assertThat(line.quantity()).isEqualTo(needed);
        // the line keeps what it was sized for: the traffic, the objective and the users it implies
        assertThat(q.lineSizing().get(line.id()).candidateJson())
                .containsPattern("\"tpotSloMs\":\\s*40(\\.0)?\\b")
                .containsPattern("\"requestsPerSecond\":\\s*40(\\.0)?\\b")
                .containsPattern("\"concurrentUsers\":\\s*\\d+")
                .containsPattern("\"instancesNeeded\":\\s*" + needed + "\\b");
    }

    private static void addToQuote(CandidatesGrid grid, int row) {
        Component cell = GridKt._getCellComponent(grid, row, "actions");
        Button button = (Button) cell.getChildren().filter(c -> c.getId().orElse("").equals("candidate-add-to-quote-" + row))
                .findFirst().orElseThrow();
        button.click();
    }
}
