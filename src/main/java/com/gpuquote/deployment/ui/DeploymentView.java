package com.gpuquote.deployment.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.deployment.AnalysisWindow;
import com.gpuquote.deployment.Deployment;
import com.gpuquote.deployment.DeploymentAnalysis;
import com.gpuquote.deployment.DeploymentId;
import com.gpuquote.deployment.DeploymentService;
import com.gpuquote.deployment.RightSizingReportService;
import com.gpuquote.deployment.RightSizingService;
import com.gpuquote.layout.HomeView;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.shared.ui.RouteIds;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.streams.DownloadHandler;
import com.vaadin.flow.server.streams.DownloadResponse;
import jakarta.annotation.security.RolesAllowed;

import java.io.ByteArrayInputStream;
import java.time.Clock;
import java.time.LocalDate;

/**
 * One deployment: what runs, the utilisation import, the window (7 / 30 days or custom business days), the figures,
 * charts and verdicts with "create upgrade quote", and the customer's right-sizing report (PDF).
 */
@Route("deployments/:id")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
public class DeploymentView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    static final String LAST_7 = "7", LAST_30 = "30", CUSTOM = "custom";

    private final DeploymentService deployments;
    private final RightSizingService rightSizing;
    private final RightSizingReportService reports;
    private final ProjectService projects;
    private final Clock clock;
    final Select<String> window = new Select<>();
    final DatePicker from = new DatePicker();
    final DatePicker to = new DatePicker();
    final Anchor report = new Anchor();
    ImportPanel importPanel;
    AnalysisPanel analysisPanel;
    ChartsPanel charts;
    Deployment deployment;
    DeploymentAnalysis analysis;

    public DeploymentView(DeploymentService deployments, RightSizingService rightSizing,
                          RightSizingReportService reports, ProjectService projects, Clock clock) {
        this.deployments = deployments;
        this.rightSizing = rightSizing;
        this.reports = reports;
        this.projects = projects;
        this.clock = clock;
        setWidthFull();
        window.setLabel(getTranslation("deployment.window"));
        window.setId("deployment-window");
        window.setItems(LAST_7, LAST_30, CUSTOM);
        window.setItemLabelGenerator(w -> getTranslation("deployment.window." + w));
        window.setValue(LAST_7);
        from.setLabel(getTranslation("deployment.window.from"));
        from.setId("deployment-window-from");
        to.setLabel(getTranslation("deployment.window.to"));
        to.setId("deployment-window-to");
        LocalDate today = BusinessCalendar.today(clock);
        from.setValue(today.minusDays(6));
        to.setValue(today);
        from.setVisible(false);
        to.setVisible(false);
        window.addValueChangeListener(e -> {
            from.setVisible(CUSTOM.equals(e.getValue()));
            to.setVisible(CUSTOM.equals(e.getValue()));
            refresh();
        });
        from.addValueChangeListener(e -> refresh());
        to.addValueChangeListener(e -> refresh());
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        RouteIds.load(event, id -> deployments.get(new DeploymentId(id)), HomeView.class).ifPresent(found -> {
            deployment = found;
            render();
        });
    }

    @Override
    public String getPageTitle() {
        return getTranslation("deployment.view.title") + (deployment == null ? "" : " · " + deployment.instanceType());
    }

    private void render() {
        removeAll();
        Project project = projects.get(deployment.projectId());
        H2 title = new H2(getTranslation("deployment.view.heading", deployment.count(), deployment.instanceType()));
        title.setId("deployment-title");
        Anchor projectLink = new Anchor("projects/" + project.id().value(), project.customerName() + " · " + project.name());
        Paragraph what = new Paragraph(getTranslation("deployment.view.what", deployment.region(),
                getTranslation("deployment.mode." + deployment.billingMode().name()), deployment.since().toString(),
                getTranslation("deployment.workload." + deployment.workload().name())));
        importPanel = new ImportPanel(deployments, deployment.id(), this::refresh);
        analysisPanel = new AnalysisPanel(rightSizing, deployment.id(), this::days);
        charts = new ChartsPanel();
        report.setId("deployment-report");
        report.getElement().setAttribute("download", true);
        Button reportButton = new Button(getTranslation("deployment.report.download"), VaadinIcon.DOWNLOAD.create());
        reportButton.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        report.add(reportButton);
        report.setHref(DownloadHandler.fromInputStream(event -> {
            RightSizingReportService.Pdf pdf = reports.render(deployment.id(), currentWindow());
            return new DownloadResponse(new ByteArrayInputStream(pdf.content()), pdf.fileName(), "application/pdf",
                    pdf.content().length);
        }));
        HorizontalLayout windowBar = new HorizontalLayout(window, from, to, report);
        windowBar.setAlignItems(FlexComponent.Alignment.BASELINE);
        add(title, projectLink, what, importPanel, windowBar, analysisPanel, charts);
        refresh();
    }

    /** The chosen window: the last 7 or 30 days up to now, or whole business days from–to. */
    AnalysisWindow currentWindow() {
        if (CUSTOM.equals(window.getValue()) && from.getValue() != null && to.getValue() != null
                && !to.getValue().isBefore(from.getValue())) {
            return new AnalysisWindow(BusinessCalendar.startOfDay(from.getValue()),
                    BusinessCalendar.startOfDay(to.getValue().plusDays(1)));
        }
        return AnalysisWindow.lastDays(LAST_30.equals(window.getValue()) ? 30 : 7, clock.instant());
    }

    /** Days of the window, for the upgrade quote (which re-analyses the same span up to now). */
    int days() {
        return LAST_30.equals(window.getValue()) ? 30 : 7;
    }

    void refresh() {
        if (deployment == null || analysisPanel == null) {
            return;
        }
        AnalysisWindow w;
        try {
            w = currentWindow();
        } catch (RuntimeException e) {
            Notifications.attempt(() -> {
                throw e;
            });
            return;
        }
        analysis = rightSizing.analyse(deployment.id(), w);
        analysisPanel.show(analysis);
        charts.show(analysis.hasData() ? rightSizing.series(deployment.id(), w) : null);
        report.setEnabled(true);
    }
}
