package com.gpuquote.dashboard.api;

import com.gpuquote.dashboard.DashboardExport;
import com.gpuquote.dashboard.DashboardFilter;
import com.gpuquote.dashboard.DashboardService;
import com.gpuquote.dashboard.DashboardTables;
import com.gpuquote.dashboard.FigureTable;
import com.gpuquote.dashboard.TenantDashboard;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InputRules;
import com.gpuquote.shared.InvalidInputException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The dashboards' figures and their CSV / xlsx exports. Tenant dashboard: TENANT_ADMIN only (margin and cost);
 * platform dashboard: PLATFORM_ADMIN only (counts, no quote contents). Headings of exports follow Accept-Language
 * (zh-CN default, English).
 */
@RestController
@Tag(name = "Dashboards")
class DashboardController {

    private static final String PERIOD = "Business days in China time (yyyy-MM-dd, inclusive); default: the last "
            + "twelve months (from the first day of the month eleven months ago to today); at most "
            + DashboardFilter.MAX_DAYS + " days";

    private final DashboardService dashboards;

    DashboardController(DashboardService dashboards) {
        this.dashboards = dashboards;
    }

    @GetMapping("/api/v1/dashboard/tenant")
    @Operation(summary = "Tenant admin dashboard: pipeline value by status and month, win rate, average discount "
            + "against list, margin by GPU model and consultant (accepted quotes), price-list publications with "
            + "changed-row counts, top customers by monthly recurring value")
    DashboardJson.Tenant tenant(@Parameter(description = PERIOD) @RequestParam(required = false) @Nullable String from,
                                @Parameter(description = PERIOD) @RequestParam(required = false) @Nullable String to,
                                @Parameter(description = "Only quotes written by this consultant (user id)")
                                @RequestParam(required = false) @Nullable String consultantId) {
        return DashboardJson.of(dashboards.tenant(filter(from, to, consultantId)));
    }

    @GetMapping("/api/v1/dashboard/tenant.csv")
    @Operation(summary = "One table of the tenant dashboard as CSV (UTF-8 with BOM)")
    ResponseEntity<byte[]> tenantCsv(
            @Parameter(description = "summary, pipeline-by-status, pipeline-by-month, margin-by-gpu-model, "
                    + "margin-by-consultant, price-list-changes, top-customers")
            @RequestParam(required = false) @Nullable String table,
            @RequestParam(required = false) @Nullable String from, @RequestParam(required = false) @Nullable String to,
            @RequestParam(required = false) @Nullable String consultantId, @RequestHeader(value = HttpHeaders.ACCEPT_LANGUAGE, required = false) @Nullable String language) {
        if (table == null || !DashboardTables.TENANT_TABLES.contains(table)) {
            throw InvalidInputException.of("table", "dashboard.error.unknownTable",
                    "table must be one of " + String.join(", ", DashboardTables.TENANT_TABLES));
        }
        TenantDashboard d = dashboards.tenant(filter(from, to, consultantId));
        FigureTable figures = DashboardTables.of(d, table).orElseThrow();
        return file(DashboardExport.csv(figures, headings(language)), DashboardExport.CSV_TYPE,
                "gpuquote-" + table + "-" + d.filter().from() + "-" + d.filter().to() + ".csv");
    }

    @GetMapping("/api/v1/dashboard/tenant.xlsx")
    @Operation(summary = "Every table of the tenant dashboard as an Excel workbook, one sheet per table (named by "
            + "the table id)")
    ResponseEntity<byte[]> tenantXlsx(@RequestParam(required = false) @Nullable String from,
                                      @RequestParam(required = false) @Nullable String to,
                                      @RequestParam(required = false) @Nullable String consultantId, @RequestHeader(value = HttpHeaders.ACCEPT_LANGUAGE, required = false) @Nullable String language) {
        TenantDashboard d = dashboards.tenant(filter(from, to, consultantId));
        return file(DashboardExport.xlsx(DashboardTables.of(d), headings(language)), DashboardExport.XLSX_TYPE,
                "gpuquote-dashboard-" + d.filter().from() + "-" + d.filter().to() + ".xlsx");
    }

    @GetMapping("/api/v1/dashboard/platform")
    @Operation(summary = "Platform dashboard: every tenant with its users, quotes (counts only) and last activity")
    DashboardJson.Platform platform() {
        return DashboardJson.of(dashboards.platform());
    }

    @GetMapping("/api/v1/dashboard/platform.csv")
    @Operation(summary = "The platform dashboard's tenants as CSV (UTF-8 with BOM)")
    ResponseEntity<byte[]> platformCsv(@RequestHeader(value = HttpHeaders.ACCEPT_LANGUAGE, required = false) @Nullable String language) {
        return file(DashboardExport.csv(DashboardTables.of(dashboards.platform()), headings(language)),
                DashboardExport.CSV_TYPE, "gpuquote-tenants.csv");
    }

    @GetMapping("/api/v1/dashboard/platform.xlsx")
    @Operation(summary = "The platform dashboard's tenants as an Excel workbook")
    ResponseEntity<byte[]> platformXlsx(@RequestHeader(value = HttpHeaders.ACCEPT_LANGUAGE, required = false) @Nullable String language) {
        return file(DashboardExport.xlsx(List.of(DashboardTables.of(dashboards.platform())), headings(language)),
                DashboardExport.XLSX_TYPE, "gpuquote-tenants.xlsx");
    }

    /** zh-CN unless the request asks for a language (the server's own default locale plays no part). */
    private static Locale headings(String acceptLanguage) {
        if (acceptLanguage == null || acceptLanguage.isBlank()) {
            return I18n.CHINESE;
        }
        List<Locale.LanguageRange> ranges;
        try {
            ranges = Locale.LanguageRange.parse(acceptLanguage);
        } catch (IllegalArgumentException e) {
            return I18n.CHINESE;
        }
        List<Locale> matching = Locale.filter(ranges, I18n.LOCALES);
        return matching.isEmpty() ? I18n.CHINESE : matching.get(0);
    }

    /** Parses the query parameters; every bad one is named in one 400. */
    static DashboardFilter filter(String from, String to, String consultantId) {
        List<FieldError> errors = new ArrayList<>();
        LocalDate fromDate = date("from", from, errors);
        LocalDate toDate = date("to", to, errors);
        UserId consultant = null;
        if (consultantId != null && !consultantId.isBlank()) {
            try {
                consultant = new UserId(UUID.fromString(consultantId.strip()));
            } catch (IllegalArgumentException e) {
                errors.add(new FieldError("consultantId", "dashboard.error.consultantId",
                        "consultantId must be a user id (UUID)"));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        return new DashboardFilter(fromDate, toDate, consultant);
    }

    private static @Nullable LocalDate date(String field, String value, List<FieldError> errors) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            LocalDate day = LocalDate.parse(value.strip());
            if (!InputRules.inWindow(day)) {
                errors.add(new FieldError(field, "dashboard.error.date", field + " must be a date between "
                        + InputRules.EARLIEST_DATE + " and " + InputRules.LATEST_DATE, List.of(field)));
                return null;
            }
            return day;
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(field, "dashboard.error.date", field + " must be a date (yyyy-MM-dd)",
                    List.of(field)));
            return null;
        }
    }

    private static ResponseEntity<byte[]> file(byte[] bytes, String type, String name) {
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(type))
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment()
                        .filename(name, StandardCharsets.UTF_8).build().toString())
                .body(bytes);
    }
}
