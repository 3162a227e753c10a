package com.gpuquote.quote;

import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.Roles;
import com.gpuquote.sizing.GoodBetterBest;
import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.gpuquote.sizing.RecommendationReport.PerformanceJson;
import com.gpuquote.sizing.SizingRunId;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.SizingSummaries;
import org.jspecify.annotations.Nullable;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Good / better / best in one action (issue 40): from a saved sizing run, a new DRAFT quote of the run's project with
 * one option per plan {@link GoodBetterBest} chooses (A good, B better, C best; two or one when fewer distinct plans
 * meet the run's targets). Each option's line is exactly what "Add to quote" makes for that plan
 * ({@link SizedLines}: the instances the traffic and SLO need, the run's region, billing mode and hours, 12 months,
 * the run and the candidate kept), priced like any draft through the customer's agreement; its title and summary say
 * which it is and its figures, in the customer's language.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class GoodBetterBestQuotes {

    /** One option made: its letter, which of the three it is, and its line. */
    public record Option(OptionName name, GoodBetterBest.Tier tier, String instanceType, int quantity) {
    }

    /**
     * The new quote and its options; {@code qualifying} candidates met the run's targets, {@code complete} when
     * three distinct plans were found.
     */
    public record Built(QuoteDetails quote, List<Option> options, int qualifying, boolean complete) {

        /** What was built, for the caller to tell ("3 options", or why only 2 or 1), in {@code locale}. */
        public String message(Locale locale) {
            return complete ? I18n.get(locale, "quote.goodBetterBest.built", options.size())
                    : I18n.get(locale, "quote.goodBetterBest.partial", options.size(), qualifying);
        }
    }

    private final SizingRunService runs;
    private final QuoteDrafting drafting;
    private final ProjectService projects;
    private final CustomerService customers;

    GoodBetterBestQuotes(SizingRunService runs, QuoteDrafting drafting, ProjectService projects,
                         CustomerService customers) {
        this.runs = runs;
        this.drafting = drafting;
        this.projects = projects;
        this.customers = customers;
    }

    /**
     * Builds the quote from run {@code runId} in its project ({@code projectId}, when given, must be that project:
     * 400 naming {@code projectId} otherwise; another tenant's 404), valid until {@code validUntil} (null: 30 days). Another tenant's run
     * answers 404; a run without candidates, or none meeting its targets,
     * {@link com.gpuquote.sizing.NoPlanToQuoteException}.
     */
    @Transactional
    public Built create(SizingRunId runId, @Nullable ProjectId projectId, @Nullable LocalDate validUntil) {
        GoodBetterBest.RunChoice chosen = runs.goodBetterBest(runId);
        ProjectId runProject = chosen.run().projectId();
        if (projectId != null) {
            projects.get(projectId); // another tenant's project answers 404, as every id does
        }
        if (projectId != null && !projectId.equals(runProject)) {
            throw InvalidInputException.of("projectId", "sizingRunOfAnotherProject",
                    "The sizing run belongs to another project");
        }
        Project project = projects.get(runProject);
        Locale locale = I18n.fromTag(customers.get(project.customerId()).language());
        String sizedFor = SizingSummaries.describe(chosen.run().inputJson(), locale).orElse(null);
        GoodBetterBest.Choice choice = chosen.choice();
        List<QuoteInput.Option> inputs = new ArrayList<>();
        List<Option> made = new ArrayList<>();
        for (int i = 0; i < choice.picks().size(); i++) {
            GoodBetterBest.Pick pick = choice.picks().get(i);
            OptionName name = OptionName.at(i);
            QuoteInput.Line line = SizedLines.line(pick.candidate(), chosen.region(), chosen.billingMode(),
                    chosen.hoursPerMonth(), runId);
            inputs.add(new QuoteInput.Option(name.name(), List.of(line), List.of(), title(pick, locale),
                    summary(pick, choice.targets(), sizedFor, locale)));
            made.add(new Option(name, pick.tier(), line.instanceType(), line.quantity()));
        }
        QuoteDetails quote = drafting.create(new NewQuote(runProject, validUntil, inputs));
        return new Built(quote, List.copyOf(made), choice.qualifying(), choice.complete());
    }

    /** "好 · 成本最低 · 4 × ecs.gni3cl.5xlarge" (at most the option title's 60 characters). */
    static String title(GoodBetterBest.Pick pick, Locale locale) {
        String title = I18n.get(locale, "quote.goodBetterBest.title." + pick.tier().name(), pick.quantity(),
                pick.candidate().instanceType());
        return title.length() <= QuoteOption.MAX_TITLE ? title : title.substring(0, QuoteOption.MAX_TITLE);
    }

    /** What it was sized for, then which it is and its figures (at most the summary's 1,000 characters). */
    static String summary(GoodBetterBest.Pick pick, boolean targets, @Nullable String sizedFor, Locale locale) {
        String figures = I18n.get(locale, "quote.goodBetterBest.why." + pick.tier().name()) + ": "
                + String.join(" · ", figures(pick, targets, locale));
        String summary = sizedFor == null ? figures : sizedFor + "\n" + figures;
        return summary.length() <= QuoteOption.MAX_SUMMARY ? summary : summary.substring(0, QuoteOption.MAX_SUMMARY);
    }

    /** The plan's figures as the run estimated them, each from the bundle; those the run has not are left out. */
    static List<String> figures(GoodBetterBest.Pick pick, boolean targets, Locale locale) {
        Candidate c = pick.candidate();
        PerformanceJson p = c.performance();
        List<String> out = new ArrayList<>();
        if (p != null && p.serving()) {
            out.add(I18n.get(locale, "quote.goodBetterBest.figure.throughput", whole(p.outputTokensPerSecond())));
            BigDecimal ttft = p.timeToFirstTokenAtLoadMs() != null ? p.timeToFirstTokenAtLoadMs()
                    : p.timeToFirstTokenMs();
            if (ttft != null) {
                out.add(I18n.get(locale, "quote.goodBetterBest.figure.ttft", whole(ttft)));
            }
            if (p.timePerOutputTokenMs() != null) {
                out.add(I18n.get(locale, "quote.goodBetterBest.figure.tpot", p.timePerOutputTokenMs().toPlainString()));
            }
            if (p.costPerMillionOutputTokens() != null) {
                out.add(I18n.get(locale, "quote.goodBetterBest.figure.perMillion",
                        new BigDecimal(p.costPerMillionOutputTokens()).stripTrailingZeros().toPlainString()));
            }
        } else if (p != null && p.trainingHours() != null) {
            out.add(I18n.get(locale, "quote.goodBetterBest.figure.trainingHours", p.trainingHours().toPlainString()));
            if (p.jobCost() != null) {
                out.add(I18n.get(locale, "quote.goodBetterBest.figure.jobCost", p.jobCost()));
            }
        } else {
            out.add(I18n.get(locale, "quote.goodBetterBest.figure.monthly", c.netMonthlyPrice()));
        }
        boolean forTraffic = p != null && p.instancesNeeded() != null && p.instancesNeeded() > 0;
        out.add(I18n.get(locale, forTraffic ? "quote.goodBetterBest.figure.instancesNeeded"
                : "quote.goodBetterBest.figure.instances", pick.quantity()));
        if (targets && p != null && p.serving() && Boolean.TRUE.equals(p.meetsSlo())) {
            List<String> slo = new ArrayList<>();
            if (p.ttftSloMs() != null) {
                slo.add(I18n.get(locale, "quote.goodBetterBest.figure.sloTtft", whole(BigDecimal.valueOf(p.ttftSloMs()))));
            }
            if (p.tpotSloMs() != null) {
                slo.add(I18n.get(locale, "quote.goodBetterBest.figure.sloTpot",
                        BigDecimal.valueOf(p.tpotSloMs()).stripTrailingZeros().toPlainString()));
            }
            out.add(I18n.get(locale, "quote.goodBetterBest.figure.sloMet", String.join(", ", slo)));
        }
        return out;
    }

    private static String whole(BigDecimal v) {
        return v.setScale(0, RoundingMode.HALF_UP).toPlainString();
    }
}
