package com.gpuquote.layout;

import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.UnorderedList;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;
import org.springframework.beans.factory.ObjectProvider;

import java.util.List;
import java.util.Optional;

/**
 * Landing page after login: who you are, what you can do here, and the work waiting for you (cards contributed by
 * the features through {@link HomeCard} beans).
 */
@Route("")
@PermitAll
@Menu(order = 0, title = "home.title", icon = "vaadin:home")
public class HomeView extends VerticalLayout implements HasDynamicTitle {

    public HomeView(ObjectProvider<HomeCard> cards) {
        addClassName("home-view");
        GpuQuoteUser user = CurrentUser.require();
        H2 welcome = new H2(getTranslation("home.welcome", user.displayName()));
        welcome.setId("welcome");
        add(welcome);
        if (user.tenantName() != null) {
            add(new Paragraph(getTranslation("home.tenant", user.tenantName())));
        }
        List<Component> rendered = cards.orderedStream()
                .map(card -> card.render(user))
                .flatMap(Optional::stream)
                .toList();
        if (!rendered.isEmpty()) {
            Div board = new Div();
            board.addClassName("home-cards");
            board.setId("home-cards");
            rendered.forEach(board::add);
            add(board);
        }
        UnorderedList tasks = new UnorderedList();
        for (Role role : user.roles()) {
            tasks.add(new ListItem(getTranslation("home.role." + role.name())));
        }
        add(new Paragraph(getTranslation("home.youCan")), tasks);
    }

    @Override
    public String getPageTitle() {
        return getTranslation("home.title") + " | GpuQuote";
    }
}
