package com.gpuquote.portal.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.portal.PortalInbox;
import com.gpuquote.portal.QuestionThread;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.util.List;

/** The inbox of customers' unanswered portal questions, oldest first; answering removes one from the inbox. */
@Route("questions")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
@Menu(order = 350, title = "portal.inbox.nav", icon = "vaadin:comments-o")
public class QuestionsView extends VerticalLayout implements HasDynamicTitle {

    private final PortalInbox portal;

    public QuestionsView(PortalInbox portal) {
        this.portal = portal;
        setId("questions-view");
        refresh();
    }

    private void refresh() {
        removeAll();
        add(new H2(getTranslation("portal.inbox.title")));
        List<QuestionThread> open = portal.openQuestions();
        if (open.isEmpty()) {
            add(new Paragraph(getTranslation("portal.inbox.empty")));
        }
        open.forEach(t -> add(new QuestionThreadCard(t, true, this::answer)));
    }

    private void answer(QuestionThread t, String text) {
        if (Notifications.attempt(() -> portal.answer(t.questionId(), text))) {
            Notifications.success(getTranslation("portal.inbox.answered"));
            refresh();
        }
    }

    @Override
    public String getPageTitle() {
        return getTranslation("portal.inbox.title");
    }
}
