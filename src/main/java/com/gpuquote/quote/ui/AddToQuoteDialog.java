package com.gpuquote.quote.ui;

import com.gpuquote.customer.ProjectId;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.select.Select;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * "Add to quote": puts one candidate line (with the sizing reference that justified it) into a DRAFT quote of the
 * project, into an existing option or a new one (the default while there is room: sizing candidates are
 * alternatives). Without a draft, a new quote is created. {@link #beforeAdd} completes the line on confirmation only
 * (e.g. saves the sizing run it refers to), so cancelling leaves nothing behind.
 */
public class AddToQuoteDialog extends Dialog {

    /** Choice "new quote" / "new option" (null ids). */
    private static final String NEW = "";

    final Select<String> quote = new Select<>();
    final Select<String> option = new Select<>();
    final Button add = new Button();
    private UnaryOperator<QuoteInput.Line> beforeAdd = UnaryOperator.identity();
    private boolean notifyAdded = true;

    public AddToQuoteDialog(QuoteQueries queries, QuoteDrafting drafting, ProjectId project, QuoteInput.Line line,
                            Consumer<QuoteDetails> onAdded) {
        setHeaderTitle(getTranslation("quote.addToQuote.title"));
        setId("add-to-quote-dialog");
        List<QuoteSummary> drafts = queries.forProject(project).stream()
                .filter(q -> q.status() == QuoteStatus.DRAFT).toList();
        List<String> quoteIds = new ArrayList<>(drafts.stream().map(q -> q.id().toString()).toList());
        quoteIds.add(NEW);
        quote.setLabel(getTranslation("quote.addToQuote.quote"));
        quote.setId("add-to-quote-quote");
        quote.setItems(quoteIds);
        quote.setItemLabelGenerator(id -> id.equals(NEW) ? getTranslation("quote.new") : drafts.stream()
                .filter(q -> q.id().toString().equals(id)).findFirst().map(q -> q.number() + " v" + q.version()).orElse(id));
        option.setLabel(getTranslation("quote.addToQuote.option"));
        option.setId("add-to-quote-option");
        quote.addValueChangeListener(e -> options(queries, e.getValue()));
        quote.setValue(quoteIds.get(0));
        add(new Paragraph(line.instanceType() + " × " + line.quantity() + " · " + line.region() + " · "
                + getTranslation("quote.billingMode." + line.billingMode().name())), new FormLayout(quote, option));
        add.setText(getTranslation("quote.addToQuote.add"));
        add.setId("add-to-quote-confirm");
        add.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        add.addClickListener(e -> QuoteUi.attempt(() -> {
            QuoteDetails saved = addLine(queries, drafting, project, quote.getValue(), option.getValue(), beforeAdd.apply(line));
            if (notifyAdded) {
                Notifications.success(getTranslation("quote.addToQuote.done", saved.number()));
            }
            close();
            onAdded.accept(saved);
        }));
        Button cancel = new Button(getTranslation("shared.cancel"), e -> close());
        cancel.setId("add-to-quote-cancel");
        getFooter().add(cancel, add);
    }

    /** Completes the line when the user confirms, before it is added (runs in the click, may fail with a message). */
    public AddToQuoteDialog beforeAdd(UnaryOperator<QuoteInput.Line> completion) {
        this.beforeAdd = completion;
        return this;
    }

    /** Leaves telling the user to {@code onAdded} (no success notification of its own). */
    public AddToQuoteDialog withoutNotification() {
        this.notifyAdded = false;
        return this;
    }

    private void options(QuoteQueries queries, String quoteId) {
        List<String> names = new ArrayList<>();
        if (quoteId != null && !quoteId.equals(NEW)) {
            queries.get(new com.gpuquote.quote.QuoteId(java.util.UUID.fromString(quoteId))).options()
                    .forEach(o -> names.add(o.name().name()));
        }
        if (names.size() < OptionName.MAX_OPTIONS) {
            names.add(NEW);
        }
        option.setItems(names);
        option.setItemLabelGenerator(n -> n.equals(NEW) ? getTranslation("quote.option.add")
                : getTranslation("quote.option", n));
        option.setValue(names.get(names.size() - 1));
    }

    /** Adds {@code line} to option {@code optionName} (or a new option) of draft {@code quoteId} (or a new quote). */
    static QuoteDetails addLine(QuoteQueries queries, QuoteDrafting drafting, ProjectId project, String quoteId,
                                String optionName, QuoteInput.Line line) {
        if (quoteId == null || quoteId.equals(NEW)) {
            return drafting.create(new NewQuote(project, null, List.of(new QuoteInput.Option("A", List.of(line), List.of()))));
        }
        QuoteDetails q = queries.get(new com.gpuquote.quote.QuoteId(java.util.UUID.fromString(quoteId)));
        OptionName target = optionName == null || optionName.equals(NEW) ? OptionName.at(q.options().size())
                : OptionName.valueOf(optionName);
        return drafting.addLine(q.id(), q.rowVersion(), target, line);
    }
}
