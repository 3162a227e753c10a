package com.gpuquote.dashboard;

import com.gpuquote.pricing.PriceListChange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static com.gpuquote.dashboard.FigureTable.Column.count;
import static com.gpuquote.dashboard.FigureTable.Column.money;
import static com.gpuquote.dashboard.FigureTable.Column.percent;
import static com.gpuquote.dashboard.FigureTable.Column.text;

/** The dashboards' tables (what the views show and what CSV and xlsx export), in display order. */
public final class DashboardTables {

    public static final String SUMMARY = "summary";
    public static final String PIPELINE_BY_STATUS = "pipeline-by-status";
    public static final String PIPELINE_BY_MONTH = "pipeline-by-month";
    public static final String MARGIN_BY_GPU_MODEL = "margin-by-gpu-model";
    public static final String MARGIN_BY_CONSULTANT = "margin-by-consultant";
    public static final String PRICE_LIST_CHANGES = "price-list-changes";
    public static final String TOP_CUSTOMERS = "top-customers";
    public static final String TENANTS = "tenants";

    public static final List<String> TENANT_TABLES = List.of(SUMMARY, PIPELINE_BY_STATUS, PIPELINE_BY_MONTH,
            MARGIN_BY_GPU_MODEL, MARGIN_BY_CONSULTANT, PRICE_LIST_CHANGES, TOP_CUSTOMERS);
    public static final List<String> PLATFORM_TABLES = List.of(TENANTS);

    private DashboardTables() {
    }

    public static List<FigureTable> of(TenantDashboard d) {
        return List.of(summary(d), byStatus(d), byMonth(d), margin(MARGIN_BY_GPU_MODEL, "gpuModel", d.marginByGpuModel()),
                margin(MARGIN_BY_CONSULTANT, "consultant", d.marginByConsultant()), priceLists(d.priceListChanges()),
                topCustomers(d));
    }

    public static Optional<FigureTable> of(TenantDashboard d, String id) {
        return of(d).stream().filter(t -> t.id().equals(id)).findFirst();
    }

    public static FigureTable of(PlatformDashboard d) {
        List<List<Object>> rows = new ArrayList<>();
        for (PlatformDashboard.TenantRow t : d.tenants()) {
            rows.add(Arrays.asList(t.slug(), t.name(), t.status().name(), t.createdAt(), t.users(), t.enabledUsers(),
                    t.quotes(), t.lastLogin(), t.lastQuoteChange(), t.lastActivity()));
        }
        return new FigureTable(TENANTS, List.of(text("slug"), text("tenant"), text("tenantStatus"),
                new FigureTable.Column("createdAt", FigureTable.Type.TIME, false), count("users"), count("enabledUsers"),
                count("quotes"), new FigureTable.Column("lastLogin", FigureTable.Type.TIME, false),
                new FigureTable.Column("lastQuoteChange", FigureTable.Type.TIME, false),
                new FigureTable.Column("lastActivity", FigureTable.Type.TIME, false)), rows);
    }

    private static FigureTable summary(TenantDashboard d) {
        TenantDashboard.WinRate w = d.winRate();
        TenantDashboard.Discount disc = d.averageDiscount();
        return new FigureTable(SUMMARY, List.of(text("from"), text("to"), count("accepted"), count("rejected"),
                count("expired"), percent("winRate"), count("pricedQuotes"), new FigureTable.Column("listAmount",
                        FigureTable.Type.MONEY, false), new FigureTable.Column("netAmount", FigureTable.Type.MONEY, false),
                percent("averageDiscount")).stream().map(c -> new FigureTable.Column(c.key(), c.type(), false)).toList(),
                List.of(Arrays.asList(d.filter().from().toString(), d.filter().to().toString(), w.accepted(),
                        w.rejected(), w.expired(), w.percent(), disc.quotes(), disc.listAmount(), disc.netAmount(),
                        disc.percent())));
    }

    private static FigureTable byStatus(TenantDashboard d) {
        return new FigureTable(PIPELINE_BY_STATUS, List.of(text("status"), count("quotes"), money("value")),
                d.pipelineByStatus().stream()
                        .map(s -> Arrays.<Object>asList(s.status().name(), s.quotes(), s.value())).toList());
    }

    private static FigureTable byMonth(TenantDashboard d) {
        return new FigureTable(PIPELINE_BY_MONTH, List.of(text("month"), count("quotes"), money("openValue"),
                money("wonValue"), money("lostValue")),
                d.pipelineByMonth().stream().map(m -> Arrays.<Object>asList(m.month().toString(), m.quotes(),
                        m.openValue(), m.wonValue(), m.lostValue())).toList());
    }

    private static FigureTable margin(String id, String keyColumn, List<TenantDashboard.MarginFigure> figures) {
        return new FigureTable(id, List.of(text(keyColumn), count("quotes"), money("revenue"), money("cost"),
                money("margin"), percent("marginPercent"), count("linesWithoutCost")),
                figures.stream().map(m -> Arrays.<Object>asList(m.label(), m.quotes(), m.revenue(), m.cost(),
                        m.margin(), m.percent(), m.linesWithoutCost())).toList());
    }

    private static FigureTable priceLists(List<PriceListChange> changes) {
        return new FigureTable(PRICE_LIST_CHANGES, List.of(new FigureTable.Column("publishedAt", FigureTable.Type.TIME,
                        false), text("priceList"), text("provider"), new FigureTable.Column("version", FigureTable.Type.COUNT,
                        false), new FigureTable.Column("effectiveFrom", FigureTable.Type.TIME, false),
                        new FigureTable.Column("rows", FigureTable.Type.COUNT, false), count("added"), count("removed"),
                        count("changed"), count("changedRows")),
                changes.stream().map(c -> Arrays.<Object>asList(c.publishedAt(), c.name(), c.provider().name(),
                        c.version(), c.effectiveFrom(), c.rows(), c.added(), c.removed(), c.changed(),
                        c.changedRows())).toList());
    }

    private static FigureTable topCustomers(TenantDashboard d) {
        return new FigureTable(TOP_CUSTOMERS, List.of(text("customer"), count("acceptedQuotes"),
                money("monthlyRecurring")),
                d.topCustomers().stream().map(c -> Arrays.<Object>asList(c.customerName(), c.acceptedQuotes(),
                        c.monthlyRecurring())).toList());
    }
}
