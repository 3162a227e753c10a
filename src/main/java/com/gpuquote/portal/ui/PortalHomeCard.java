package com.gpuquote.portal.ui;

import com.gpuquote.layout.HomeCard;
import com.gpuquote.portal.OrderSummary;
import com.gpuquote.portal.PortalInbox;
import com.gpuquote.portal.PortalOrders;
import com.gpuquote.portal.QuestionThread;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.gpuquote.shared.ui.Formats;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.html.UnorderedList;
import org.springframework.context.annotation.Scope;
import org.springframework.core.annotation.Order;

import java.util.List;
import java.util.Optional;

/** Home card "Customers": unanswered portal questions and the latest accepted quotes (orders to deliver). */
@org.springframework.stereotype.Component
@Scope("prototype")
@Order(20)
class PortalHomeCard implements HomeCard {

    private static final int SHOWN = 3;

    private final PortalInbox inbox;
    private final PortalOrders orderBook;

    PortalHomeCard(PortalInbox inbox, PortalOrders orderBook) {
        this.inbox = inbox;
        this.orderBook = orderBook;
    }

    @Override
    public Optional<Component> render(GpuQuoteUser user) {
        if (!user.hasRole(Role.CONSULTANT) && !user.hasRole(Role.TENANT_ADMIN)) {
            return Optional.empty();
        }
        int openQuestions = inbox.openQuestionCount();
        List<QuestionThread> questions = openQuestions == 0 ? List.of() : inbox.openQuestions(SHOWN);
        List<OrderSummary> orders = orderBook.orders(0, SHOWN);
        Div card = new Div();
        card.addClassName("home-card");
        card.setId("home-customers");
        card.add(new H3(card.getTranslation("portal.home.title")));

        Anchor questionsLink = new Anchor("questions", card.getTranslation("portal.home.openQuestions", openQuestions));
        questionsLink.setId("home-open-questions");
        card.add(new Paragraph(questionsLink));
        if (!questions.isEmpty()) {
            UnorderedList list = new UnorderedList();
            list.addClassName("home-list");
            questions.forEach(q -> list.add(new ListItem(
                    new Span(q.quoteNumber() + " · " + q.customerName() + ": " + abbreviate(q.text())))));
            card.add(list);
        }

        Anchor ordersLink = new Anchor("orders", card.getTranslation("portal.home.recentOrders"));
        ordersLink.setId("home-orders");
        card.add(new Paragraph(ordersLink));
        if (orders.isEmpty()) {
            Paragraph none = new Paragraph(card.getTranslation("portal.home.noOrders"));
            none.addClassName("home-empty");
            card.add(none);
        } else {
            UnorderedList list = new UnorderedList();
            list.addClassName("home-list");
            list.setId("home-order-list");
            orders.forEach(o -> list.add(new ListItem(new Span(card.getTranslation("portal.home.orderItem",
                    o.quoteNumber(), o.customerName(), o.optionName(), Formats.chinaDateTime(o.acceptedAt()))))));
            card.add(list);
        }
        return Optional.of(card);
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 59) + "…";
    }
}
