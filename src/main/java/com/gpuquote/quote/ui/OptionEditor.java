package com.gpuquote.quote.ui;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.pricing.LineMargin;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.pricing.OptionMargin;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.SizingRef;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.IntegerField;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** One option (tab) of the editor: add-line form, lines, services, totals and billing-mode comparison. */
class OptionEditor extends VerticalLayout {

    final OptionName name;
    final LinesGrid lines;
    final ServicesEditor services;
    final ChannelEditor channel;
    final TotalsPanel totals = new TotalsPanel();
    final ComparisonTable comparison = new ComparisonTable();
    final ComboBox<String> newType = new ComboBox<>();
    final ComboBox<String> newRegion = new ComboBox<>();
    final Select<BillingMode> newMode = new Select<>();
    final IntegerField newQuantity = new IntegerField();
    final IntegerField newTerm = new IntegerField();
    final Button addLine = new Button();
    private Set<String> catalogCodes = Set.of();
    /** Issue 16: the option's optional name beside its letter and what it is sized for, printed on the document. */
    final com.vaadin.flow.component.textfield.TextField title = new com.vaadin.flow.component.textfield.TextField();
    final com.vaadin.flow.component.textfield.TextArea summary = new com.vaadin.flow.component.textfield.TextArea();

    OptionEditor(OptionView option, OptionMargin margin, Map<QuoteLineId, SizingRef> sizing, Map<String, Set<String>> catalog,
                 Map<String, String> gpus, Map<QuoteLineId, java.math.BigDecimal> floors, boolean editable, boolean admin,
                 Runnable onChange) {
        this(option, margin, sizing, catalog, gpus, floors, editable, admin, onChange, null, null);
    }

    /**
     * Issue 39: {@code confirmVoucher} (position, provider reference) for a tenant admin who may confirm the option's
     * vouchers now, else null; {@code approval} the option's voucher cap check.
     */
    OptionEditor(OptionView option, OptionMargin margin, Map<QuoteLineId, SizingRef> sizing, Map<String, Set<String>> catalog,
                 Map<String, String> gpus, Map<QuoteLineId, java.math.BigDecimal> floors, boolean editable, boolean admin,
                 Runnable onChange,
                 java.util.function.@org.jspecify.annotations.Nullable BiConsumer<Integer, String> confirmVoucher,
                 com.gpuquote.quote.pricing.@org.jspecify.annotations.Nullable OptionApproval approval) {
        this.name = option.name();
        setPadding(false);
        addClassName("option-editor");
        setId("option-" + name.name());
        lines = new LinesGrid(catalog, gpus, editable, admin, onChange);
        lines.floors(floors);
        services = new ServicesEditor(editable, onChange);
        lines.show(option.lines().stream().map(l -> new LineRow(input(l, sizing.get(l.id())), l, marginOf(margin, l)))
                .toList());
        services.show(option.services());
        channel = new ChannelEditor(option.totals() == null ? null : option.totals().vouchers(),
                margin == null ? null : margin.rebatePercent(),
                editable, admin, onChange, confirmVoucher, approval);
        if (margin != null) {
            channel.showProviderRebates(margin.providerRebates()); // issue 39: each provider's own rebate
        }
        totals.show(option.lines().isEmpty() && option.services().isEmpty() ? null : option.totals(), admin ? margin : null);
        comparison.show(option.billingModeComparison());
        add(naming(option, editable, onChange));
        if (editable) {
            add(addLineForm(catalog));
        }
        add(lines, services, channel, new H4(getTranslation("quote.totals.grandTotal")), totals,
                new H4(getTranslation("quote.comparison.title")), comparison);
    }

    /**
     * Issue 39: the instance types the catalog deprecates are not offered for a new line, nor to change a line to;
     * a line that holds one keeps it.
     */
    void withhold(Set<String> deprecated) {
        newType.setItems(catalogCodes.stream().filter(c -> !deprecated.contains(c)).sorted().toList());
        lines.withhold(deprecated);
    }

    private HorizontalLayout addLineForm(Map<String, Set<String>> catalog) {
        catalogCodes = Set.copyOf(catalog.keySet());
        newType.setLabel(getTranslation("quote.line.instanceType"));
        newType.setItems(catalog.keySet().stream().sorted().toList());
        newType.addClassName("new-line-type");
        newType.setWidth("16rem");
        newRegion.setLabel(getTranslation("quote.line.region"));
        newRegion.addClassName("new-line-region");
        newType.addValueChangeListener(e -> {
            List<String> regions = catalog.getOrDefault(e.getValue(), Set.of()).stream().sorted().toList();
            newRegion.setItems(regions);
            newRegion.setValue(regions.isEmpty() ? null : regions.get(0));
        });
        newMode.setLabel(getTranslation("quote.line.billingMode"));
        newMode.setItems(BillingMode.values());
        newMode.setItemLabelGenerator(m -> getTranslation("quote.billingMode." + m.name()));
        newMode.setValue(BillingMode.MONTHLY);
        newQuantity.setLabel(getTranslation("quote.line.quantity"));
        newQuantity.setValue(1);
        newQuantity.setMin(1);
        newQuantity.setWidth("6rem");
        newTerm.setLabel(getTranslation("quote.line.termMonths"));
        newTerm.setValue(12);
        newTerm.setMin(1);
        newTerm.setWidth("7rem");
        addLine.setText(getTranslation("quote.line.add"));
        addLine.setIcon(VaadinIcon.PLUS.create());
        addLine.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        addLine.addClassName("add-line");
        addLine.addClickListener(e -> {
            if (newType.getValue() == null || newRegion.getValue() == null) {
                newType.setInvalid(newType.getValue() == null);
                newRegion.setInvalid(newRegion.getValue() == null);
                return;
            }
            lines.add(QuoteInput.Line.of(newType.getValue(), newRegion.getValue(), newMode.getValue(),
                    newQuantity.getValue() == null ? 1 : newQuantity.getValue(),
                    newTerm.getValue() == null ? 12 : newTerm.getValue()));
        });
        HorizontalLayout form = new HorizontalLayout(newType, newRegion, newMode, newQuantity, newTerm, addLine);
        form.setAlignItems(Alignment.BASELINE);
        form.addClassName("add-line-form");
        return form;
    }

    private com.vaadin.flow.component.Component naming(OptionView option, boolean editable, Runnable onChange) {
        title.setLabel(getTranslation("quote.option.title"));
        title.setPlaceholder(getTranslation("quote.option.title.placeholder"));
        title.setMaxLength(com.gpuquote.quote.domain.QuoteOption.MAX_TITLE);
        title.setWidth("20rem");
        title.addClassName("option-title");
        title.setValue(option.title() == null ? "" : option.title());
        summary.setLabel(getTranslation("quote.option.summary"));
        summary.setHelperText(getTranslation("quote.option.summary.helper"));
        summary.setMaxLength(com.gpuquote.quote.domain.QuoteOption.MAX_SUMMARY);
        summary.setWidthFull();
        summary.addClassName("option-summary");
        summary.setValue(option.summary() == null ? "" : option.summary());
        title.setReadOnly(!editable);
        summary.setReadOnly(!editable);
        // saved when the consultant leaves the field (as the lines are), so the totals and tab label follow
        title.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                onChange.run();
            }
        });
        summary.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                onChange.run();
            }
        });
        VerticalLayout naming = new VerticalLayout(title, summary);
        naming.setPadding(false);
        naming.setSpacing(false);
        naming.addClassName("option-naming");
        naming.setVisible(editable || option.title() != null || option.summary() != null);
        return naming;
    }

    QuoteInput.Option toInput() {
        return new QuoteInput.Option(name.name(), lines.rows().stream().map(r -> r.input).toList(), services.inputs(),
                blankToNull(title.getValue()), blankToNull(summary.getValue()), channel.vouchers(),
                channel.rebatePercent()).withProviderRebates(channel.providerRebates());
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    static QuoteInput.Line input(LineView l, SizingRef sizing) {
        return new QuoteInput.Line(l.id(), l.instanceType(), l.region(), l.billingMode(), l.quantity(), l.termMonths(),
                l.hoursPerMonth(), l.manualDiscountPercent(), sizing);
    }

    private static LineMargin marginOf(OptionMargin margin, LineView line) {
        return margin == null ? null
                : margin.lines().stream().filter(m -> m.lineId().equals(line.id())).findFirst().orElse(null);
    }
}
