package com.gpuquote.layout;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;

/**
 * The friendly, translated page for an unknown route and for a view the user may not open. Both say the same (the
 * page does not exist or is not yours to see), so a refusal never confirms that a page exists, and both answer 404.
 */
abstract class ErrorPage extends VerticalLayout implements HasDynamicTitle {

    ErrorPage() {
        addClassName("error-page");
        setId("error-page");
        H2 title = new H2(getTranslation("layout.error.notFound.title"));
        title.setId("error-title");
        Paragraph text = new Paragraph(getTranslation("layout.error.notFound.text"));
        text.setId("error-text");
        Anchor home = new Anchor("", getTranslation("layout.error.home"));
        home.setId("error-home");
        add(title, text, home);
    }

    @Override
    public String getPageTitle() {
        return getTranslation("layout.error.notFound.title") + " | GpuQuote";
    }
}
