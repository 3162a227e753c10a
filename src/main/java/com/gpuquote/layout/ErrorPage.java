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

    private final H2 title = new H2();
    private final Paragraph text = new Paragraph();
    private final Anchor home = new Anchor("", "");

    ErrorPage() {
        addClassName("error-page");
        setId("error-page");
        title.setId("error-title");
        text.setId("error-text");
        home.setId("error-home");
        add(title, text, home);
    }

    /** Fills in the texts in the current language; Vaadin reuses the instance for the next error, so on every one. */
    int show() {
        return show("layout.error.notFound.title", "layout.error.notFound.text",
                com.vaadin.flow.server.HttpStatusCode.NOT_FOUND.getCode());
    }

    /** The same page with other words (the database being away, DatabaseUnavailableView). */
    int show(String titleKey, String textKey, int status) {
        this.titleKey = titleKey;
        title.setText(getTranslation(titleKey));
        text.setText(getTranslation(textKey));
        home.setText(getTranslation("layout.error.home"));
        return status;
    }

    private String titleKey = "layout.error.notFound.title";

    @Override
    public String getPageTitle() {
        return getTranslation(titleKey) + " | GpuQuote";
    }
}
