package com.gpuquote.deployment.ui;

import com.gpuquote.deployment.RightSizingService;
import com.gpuquote.deployment.VerdictCode;
import com.gpuquote.layout.HomeCard;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
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
import java.util.stream.Collectors;

/**
 * Home card "Deployments to look at": the tenant's most recent deployments whose last 7 days have a verdict other than
 * OK (VRAM or RAM short, oversized, underused), each a link to its analysis.
 */
@org.springframework.stereotype.Component
@Scope("prototype")
@Order(30)
class DeploymentHomeCard implements HomeCard {

    /** How many of the most recent deployments are checked on each home page load. */
    static final int SCAN = 50;
    static final int SHOWN = 8;

    private final RightSizingService rightSizing;

    DeploymentHomeCard(RightSizingService rightSizing) {
        this.rightSizing = rightSizing;
    }

    @Override
    public Optional<Component> render(GpuQuoteUser user) {
        if (!user.hasRole(Role.CONSULTANT) && !user.hasRole(Role.TENANT_ADMIN)) {
            return Optional.empty();
        }
        List<RightSizingService.Attention> attention = rightSizing.needingAttention(SCAN);
        Div card = new Div();
        card.addClassName("home-card");
        card.setId("home-deployments");
        card.add(new H3(card.getTranslation("deployment.home.title")));
        if (attention.isEmpty()) {
            Paragraph none = new Paragraph(card.getTranslation("deployment.home.none"));
            none.addClassName("home-empty");
            card.add(none);
            return Optional.of(card);
        }
        card.add(new Paragraph(card.getTranslation("deployment.home.count", attention.size())));
        UnorderedList list = new UnorderedList();
        list.addClassName("home-list");
        list.setId("home-deployments-list");
        for (RightSizingService.Attention a : attention.subList(0, Math.min(SHOWN, attention.size()))) {
            Anchor link = new Anchor("deployments/" + a.deployment().id(),
                    a.customerName() + " · " + a.projectName() + " · " + a.deployment().count() + "× " + a.deployment().instanceType());
            String codes = a.codes().stream().filter(c -> c != VerdictCode.OK)
                    .map(c -> card.getTranslation("deployment.verdict." + c.name())).collect(Collectors.joining(", "));
            Span badge = new Span(codes);
            badge.getElement().getThemeList().add("badge error");
            list.add(new ListItem(link, new Span(" "), badge));
        }
        card.add(list);
        return Optional.of(card);
    }
}
