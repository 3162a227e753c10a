package com.gpuquote.security.ui;

import java.time.Clock;
import com.gpuquote.security.ApiToken;
import com.gpuquote.security.ApiTokenService;
import com.gpuquote.shared.ui.Confirm;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.shared.ui.SecretOnceDialog;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.Text;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.data.renderer.ComponentRenderer;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;

import java.time.Instant;
import java.util.List;

/** Everyone's own personal API tokens: list, create (shown once), revoke. Reached from the user menu. */
@Route("tokens")
@PermitAll
public class ApiTokensView extends VerticalLayout implements HasDynamicTitle {

    private final Clock clock;

    enum Status { ACTIVE, EXPIRED, REVOKED }

    private final ApiTokenService tokens;
    private final Grid<ApiToken> grid = new Grid<>(ApiToken.class, false);
    private final Paragraph none = new Paragraph();

    public ApiTokensView(ApiTokenService tokens, Clock clock) {
        this.clock = clock;
        this.tokens = tokens;
        addClassName("tokens-view");
        setSizeFull();
        Button create = new Button(getTranslation("token.create"), VaadinIcon.PLUS.create(), e -> openCreate());
        create.setId("create-token");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        Paragraph intro = new Paragraph(getTranslation("token.intro"));
        intro.addClassName("tokens-intro");
        none.setText(getTranslation("token.none"));
        none.setId("tokens-none");
        configureGrid();
        add(intro, create, none, grid);
        refresh();
    }

    private void configureGrid() {
        grid.setId("tokens-grid");
        grid.addColumn(ApiToken::name).setKey("name").setHeader(getTranslation("token.name")).setAutoWidth(true);
        grid.addColumn(t -> Formats.dateTime(t.createdAt())).setKey("created").setHeader(getTranslation("token.created"))
                .setAutoWidth(true);
        grid.addColumn(t -> Formats.dateTime(t.expiresAt())).setKey("expires").setHeader(getTranslation("token.expires"))
                .setAutoWidth(true);
        grid.addColumn(t -> t.lastUsedAt() == null ? "—" : Formats.dateTime(t.lastUsedAt())).setKey("lastUsed")
                .setHeader(getTranslation("token.lastUsed")).setAutoWidth(true);
        grid.addColumn(new ComponentRenderer<>(this::statusBadge)).setKey("status").setHeader(getTranslation("token.status"))
                .setAutoWidth(true);
        grid.addColumn(new ComponentRenderer<>(this::actions)).setKey("actions").setHeader(getTranslation("shared.actions"))
                .setFlexGrow(1);
        grid.setAllRowsVisible(true);
    }

    static Status status(ApiToken t, Instant now) {
        if (t.revokedAt() != null) {
            return Status.REVOKED;
        }
        return t.active(now) ? Status.ACTIVE : Status.EXPIRED;
    }

    private Span statusBadge(ApiToken t) {
        Status s = status(t, clock.instant());
        Span badge = new Span(getTranslation("token.status." + s.name()));
        badge.getElement().getThemeList().add(s == Status.ACTIVE ? "badge success" : "badge contrast");
        return badge;
    }

    private Component actions(ApiToken t) {
        if (status(t, clock.instant()) != Status.ACTIVE) {
            return new Text("");
        }
        Button revoke = new Button(getTranslation("token.revoke"), e -> Confirm.ask(
                getTranslation("token.revoke.confirm.title", t.name()), getTranslation("token.revoke.confirm.text"),
                getTranslation("token.revoke"), true, () -> {
                    if (Notifications.attempt(() -> tokens.revoke(t.id()))) {
                        Notifications.success(getTranslation("token.revoked.message", t.name()));
                        refresh();
                    }
                }));
        revoke.addClassName("token-revoke");
        revoke.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        return revoke;
    }

    private void openCreate() {
        new CreateTokenDialog(tokens, created -> {
            refresh();
            new SecretOnceDialog(getTranslation("token.shown.title"),
                    getTranslation("token.shown.warning", Formats.dateTime(created.expiresAt())),
                    getTranslation("token.shown.field"), created.token()).open();
        }).open();
    }

    private void refresh() {
        List<ApiToken> mine = tokens.mine();
        grid.setItems(mine);
        grid.setVisible(!mine.isEmpty());
        none.setVisible(mine.isEmpty());
    }

    @Override
    public String getPageTitle() {
        return getTranslation("token.title") + " | GpuQuote";
    }
}
