package com.gpuquote;

import com.gpuquote.quote.QuotePortalAccess;
import com.gpuquote.tenancy.TenantContext;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Entry points that step around the principal are used only where a credential was verified first: the allow-list
 * of {@link TenantContext#runAs} callers, and {@link QuotePortalAccess} (quotes by any tenant id, no
 * {@code @PreAuthorize}) only from the portal's services and the quote feature itself.
 */
@AnalyzeClasses(packages = "com.gpuquote", importOptions = ImportOption.DoNotIncludeTests.class)
class BoundariesTest {

    /**
     * Who may act for a tenant (or the platform) without that tenant's principal, and why: each verified the
     * credential that names the scope, or runs a platform job over every tenant.
     */
    static final Set<String> RUN_AS_CALLERS = Set.of(
            "com.gpuquote.tenancy.TenantContext",                      // its own Runnable overload
            "com.gpuquote.security.internal.AccountRepository",        // login lookup, token owner: before a principal
            "com.gpuquote.security.internal.LoginEvents",              // login success/failure of a verified account
            "com.gpuquote.user.UserService",                           // invitation acceptance by its verified token
            "com.gpuquote.portal.PortalTokens",                        // a verified portal link's tenant
            "com.gpuquote.portal.internal.ExpiryJob",                  // platform job over every tenant
            "com.gpuquote.quote.internal.RenewalJob",                  // platform job over every tenant
            "com.gpuquote.mail.internal.OutboxSender",                 // platform job: the outbox of every tenant
            "com.gpuquote.mail.internal.DirectSender",                 // records a send outcome for the mail's own tenant
            "com.gpuquote.sizing.SizingWarmUp",                        // start-up warm-up, no tenant at all (NONE)
            "com.gpuquote.tenancy.TenantDataService");                 // platform admin (@PreAuthorize) exports/deletes one tenant

    @ArchTest
    static void onlyTheAllowListCallsTenantContextRunAs(JavaClasses main) {
        Set<String> callers = new TreeSet<>();
        main.get(TenantContext.class).getMethodCallsToSelf().stream()
                .filter(call -> call.getName().equals("runAs"))
                .map(JavaMethodCall::getOriginOwner)
                .forEach(c -> callers.add(topLevel(c.getName())));
        assertThat(callers).as("callers of TenantContext.runAs (add a new one to RUN_AS_CALLERS with its reason)")
                .isSubsetOf(RUN_AS_CALLERS);
        assertThat(RUN_AS_CALLERS).as("allow-list entries that no longer call runAs (remove them)")
                .isSubsetOf(callers);
    }

    @ArchTest
    static final ArchRule quotePortalAccessIsUsedOnlyByThePortalServicesAndTheQuoteFeature = noClasses()
            .that().resideOutsideOfPackages("com.gpuquote.quote..", "com.gpuquote.portal", "com.gpuquote.portal.internal")
            .should().dependOnClassesThat().belongToAnyOf(QuotePortalAccess.class)
            .because("QuotePortalAccess serves any tenant's quotes by id without @PreAuthorize; only the portal's "
                    + "token-checked services and the quote feature's own jobs may call it");

    private static String topLevel(String name) {
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }
}
