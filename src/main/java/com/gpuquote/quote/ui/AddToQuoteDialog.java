package com.gpuquote.quote.ui;

import com.gpuquote.customer.ProjectId;
import com.gpuquote.quote.NewQuote;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteService;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.quote.QuoteUpdate;
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

/**
 * "Add to quote": puts one candidate line (with the sizing reference that justified it) into a DRAFT quote of the
 * project, into an existing option or a new one. Without a draft, a new quote is created.
 */
public class AddToQuoteDialog extends Dialog {

    /** Choice "new quote" / "new option" (null ids). */
    private static final String NEW = "";

    final Select<String> quote = new Select<>();
    final Select<String> option = new Select<>();
    final Button add = new Button();

    public AddToQuoteDialog(QuoteService quotes, ProjectId project, QuoteInput.Line line, Consumer<QuoteDetails> onAdded) {
        setHeaderTitle(getTranslation("quote.addToQuote.title"));
        setId("add-to-quote-dialog");
        List<QuoteSummary> drafts = quotes.forProject(project).stream()
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
        quote.addValueChangeListener(e -> options(quotes, e.getValue()));
        quote.setValue(quoteIds.get(0));
        add(new Paragraph(line.instanceType() + " × " + line.quantity() + " · " + line.region() + " · "
                + getTranslation("quote.billingMode." + line.billingMode().name())), new FormLayout(quote, option));
        add.setText(getTranslation("quote.addToQuote.add"));
        add.setId("add-to-quote-confirm");
        add.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        add.addClickListener(e -> QuoteUi.attempt(() -> {
            QuoteDetails saved = addLine(quotes, project, quote.getValue(), option.getValue(), line);
            Notifications.success(getTranslation("quote.addToQuote.done", saved.number()));
            close();
            onAdded.accept(saved);
        }));
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), add);
    }

    private void options(QuoteService quotes, String quoteId) {
        List<String> names = new ArrayList<>();
        if (quoteId != null && !quoteId.equals(NEW)) {
            quotes.get(new com.gpuquote.quote.QuoteId(java.util.UUID.fromString(quoteId))).options()
                    .forEach(o -> names.add(o.name().name()));
        }
        if (names.size() < OptionName.MAX_OPTIONS) {
            names.add(NEW);
        }
        option.setItems(names);
        option.setItemLabelGenerator(n -> n.equals(NEW) ? getTranslation("quote.option.add")
                : getTranslation("quote.option", n));
        option.setValue(names.get(0));
    }

    /** Adds {@code line} to option {@code optionName} (or a new option) of draft {@code quoteId} (or a new quote). */
    static QuoteDetails addLine(QuoteService quotes, ProjectId project, String quoteId, String optionName,
                                QuoteInput.Line line) {
        if (quoteId == null || quoteId.equals(NEW)) {
            return quotes.create(new NewQuote(project, null, List.of(new QuoteInput.Option("A", List.of(line), List.of()))));
        }
        QuoteDetails q = quotes.get(new com.gpuquote.quote.QuoteId(java.util.UUID.fromString(quoteId)));
        List<QuoteInput.Option> options = new ArrayList<>();
        for (OptionView o : q.options()) {
            List<QuoteInput.Line> lines = new ArrayList<>(o.lines().stream()
                    .map(l -> OptionEditor.input(l, q.lineSizing().get(l.id()))).toList());
            if (o.name().name().equals(optionName)) {
                lines.add(line);
            }
            options.add(new QuoteInput.Option(o.name().name(), lines, o.services().stream()
                    .map(s -> new QuoteInput.Service(s.id(), s.description(),
                            s.charge() == com.gpuquote.quote.ServiceCharge.MONTHLY ? s.amount() : null,
                            s.charge() == com.gpuquote.quote.ServiceCharge.MONTHLY ? null : s.amount())).toList()));
        }
        if (optionName == null || optionName.equals(NEW)) {
            options.add(new QuoteInput.Option(OptionName.at(options.size()).name(), List.of(line), List.of()));
        }
        return quotes.update(q.id(), new QuoteUpdate(q.rowVersion(), null, options));
    }
}
