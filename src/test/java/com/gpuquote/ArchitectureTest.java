package com.gpuquote;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.jspecify.annotations.NullMarked;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The package rules of docs/CONVENTIONS.md, checked on the production classes (tests may reach anywhere). */
@AnalyzeClasses(packages = "com.gpuquote", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final Pattern FEATURE = Pattern.compile("com\\.gpuquote\\.([a-z0-9_]+)(\\..*)?");
    private static final Pattern INTERNAL = Pattern.compile("com\\.gpuquote\\.([a-z0-9_]+)\\.internal(\\..*)?");

    @ArchTest
    static final ArchRule internalPackagesAreUsedOnlyByTheirOwnFeature = classes()
            .that().resideInAPackage("com.gpuquote..")
            .should(new ArchCondition<JavaClass>("access another feature's internal package only from that feature") {
                @Override
                public void check(JavaClass origin, ConditionEvents events) {
                    String originFeature = feature(origin.getPackageName());
                    for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                        Matcher target = INTERNAL.matcher(d.getTargetClass().getPackageName());
                        if (target.matches() && !target.group(1).equals(originFeature)) {
                            events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                        }
                    }
                }
            });

    @ArchTest
    static final ArchRule viewsUseServicesOnly = noClasses()
            .that().resideInAPackage("com.gpuquote..ui..")
            .should().dependOnClassesThat().resideInAPackage("com.gpuquote..internal..")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("org.springframework.jdbc.core.simple.JdbcClient")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("org.springframework.jdbc.core.JdbcTemplate")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("javax.sql.DataSource")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule controllersUseServicesOnly = noClasses()
            .that().resideInAPackage("com.gpuquote..api..")
            .should().dependOnClassesThat().haveFullyQualifiedName("org.springframework.jdbc.core.simple.JdbcClient")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("org.springframework.jdbc.core.JdbcTemplate")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("javax.sql.DataSource")
            .orShould().dependOnClassesThat().resideInAPackage("com.gpuquote..internal..")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule sizingEngineIsPlainJava = noClasses()
            // package-info carries only the module annotation (@NamedInterface), no code the engine runs
            .that().resideInAPackage("com.gpuquote.sizing.engine..").and().doNotHaveSimpleName("package-info")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "org.springframework..", "com.vaadin..", "java.sql..", "javax.sql..", "jakarta..")
            .orShould().dependOnClassesThat().resideInAnyPackage(
                    "com.gpuquote..internal..", "com.gpuquote..ui..", "com.gpuquote..api..")
            .allowEmptyShould(true);

    /** Vaadin's deprecated StreamResource is replaced by download handlers (shared.ui.Downloads). */
    @ArchTest
    static final ArchRule noDeprecatedStreamResource = noClasses()
            .should().dependOnClassesThat().haveFullyQualifiedName("com.vaadin.flow.server.StreamResource");

    /** The commercial core (billing modes, terms, money) is plain Java that depends on no feature. */
    @ArchTest
    static final ArchRule commercialCoreDependsOnNothingElse = noClasses()
            .that().resideInAPackage("com.gpuquote.commercial..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "org.springframework..", "com.vaadin..", "java.sql..", "javax.sql..", "jakarta..")
            .orShould().dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe("another GpuQuote package",
                    (JavaClass c) -> c.getPackageName().startsWith("com.gpuquote.")
                            && !c.getPackageName().startsWith("com.gpuquote.commercial")));

    /**
     * Issue 14, ADR 1404: the quote aggregate ({@code quote.domain}) and its pricing ({@code quote.pricing}) are the
     * quote feature's own; other features use the root's services and read models (QuoteDetails, OptionView, ...).
     */
    @ArchTest
    static final ArchRule quoteDomainAndPricingStayInsideTheQuoteFeature = noClasses()
            .that().resideOutsideOfPackage("com.gpuquote.quote..")
            .should().dependOnClassesThat().resideInAnyPackage("com.gpuquote.quote.domain..",
                    "com.gpuquote.quote.pricing..");

    /** Feature cores (domain, services, persistence, REST) form no cycle. Views are checked by the next rule. */
    @ArchTest
    static final ArchRule featuresAreFreeOfCyclesApartFromViews = slices()
            .matching("com.gpuquote.(*)..")
            .should().beFreeOfCycles()
            .ignoreDependency(JavaClass.Predicates.resideInAPackage("com.gpuquote..ui.."), DescribedPredicate.alwaysTrue());

    /**
     * The whole rule of the conventions, views included. The platform's tenant views live in user.ui (onboarding a
     * tenant invites its first admin), so tenancy depends on nothing but shared.
     */
    @ArchTest
    static final ArchRule featuresAreFreeOfCycles = slices()
            .matching("com.gpuquote.(*)..")
            .should().beFreeOfCycles();

    /**
     * Every main package is {@code @NullMarked} (issue 14, ADR 1407): a new package without a package-info carrying the
     * annotation would silently fall back to "nullness unknown" for its types.
     */
    @ArchTest
    static final ArchRule everyPackageIsNullMarked = classes()
            .that().resideInAPackage("com.gpuquote..")
            .should(new ArchCondition<JavaClass>("reside in a package whose package-info.java is @NullMarked") {
                @Override
                public void check(JavaClass c, ConditionEvents events) {
                    String pkg = c.getPackageName();
                    boolean marked;
                    try {
                        marked = Class.forName(pkg + ".package-info", false, ArchitectureTest.class.getClassLoader())
                                .isAnnotationPresent(NullMarked.class);
                    } catch (ClassNotFoundException e) {
                        marked = false;
                    }
                    if (!marked) {
                        events.add(SimpleConditionEvent.violated(c,
                                "package " + pkg + " of " + c.getName() + " has no @NullMarked package-info.java"));
                    }
                }
            });

    private static String feature(String packageName) {
        Matcher m = FEATURE.matcher(packageName);
        return m.matches() ? m.group(1) : "";
    }

}
