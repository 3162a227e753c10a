package com.gpuquote.layout;

import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.ListItem;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.UnorderedList;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;

/** Landing page after login: who you are and what you can do here. */
@Route("")
@PermitAll
@Menu(order = 0, title = "home.title", icon = "vaadin:home")
public class HomeView extends VerticalLayout implements HasDynamicTitle {

    public HomeView() {
        addClassName("home-view");
        GpuQuoteUser user = CurrentUser.require();
        H2 welcome = new H2(getTranslation("home.welcome", user.displayName()));
        welcome.setId("welcome");
        add(welcome);
        if (user.tenantName() != null) {
            add(new Paragraph(getTranslation("home.tenant", user.tenantName())));
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
