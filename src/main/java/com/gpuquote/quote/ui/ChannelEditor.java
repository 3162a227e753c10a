package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.Voucher;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextField;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Issue 16: the option's provider vouchers (代金券: name + amount, printed for the customer) and, for tenant admins
 * only, the reseller rebate percent (返点: counts against the margin floor, never printed). A voucher row counts
 * once name and amount are set.
 */
class ChannelEditor extends VerticalLayout {

    final class Row extends HorizontalLayout {
        final TextField name = new TextField();
        final BigDecimalField amount = new BigDecimalField();

        Row(String text, BigDecimal value) {
            setAlignItems(Alignment.BASELINE);
            name.setPlaceholder(getTranslation("quote.voucher.name"));
            name.setValue(text == null ? "" : text);
            name.setWidth("24rem");
            name.setMaxLength(Voucher.MAX_NAME);
            name.addClassName("voucher-name");
            amount.setPlaceholder(getTranslation("quote.voucher.amount"));
            amount.setValue(value);
            amount.addClassName("voucher-amount");
            name.setReadOnly(!editable);
            amount.setReadOnly(!editable);
            Button remove = new Button(VaadinIcon.TRASH.create(), e -> {
                rows.remove(this);
                list.remove(this);
                onChange.run();
            });
            remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ERROR);
            remove.setVisible(editable);
            name.addValueChangeListener(e -> changed(e.isFromClient()));
            amount.addValueChangeListener(e -> changed(e.isFromClient()));
            add(name, amount, remove);
        }

        boolean complete() {
            return !name.getValue().isBlank() && amount.getValue() != null;
        }

        private void changed(boolean fromClient) {
            if (fromClient && complete()) {
                onChange.run();
            }
        }
    }

    private final boolean editable;
    private final boolean admin;
    private final Runnable onChange;
    final List<Row> rows = new ArrayList<>();
    private final VerticalLayout list = new VerticalLayout();
    final Button add = new Button();
    final BigDecimalField rebate = new BigDecimalField();
    private final boolean known;
    /** Whether the option had a rebate when shown (clearing it then means 0). */
    private final boolean rebateWasSet;

    ChannelEditor(List<Voucher> vouchers, BigDecimal rebatePercent, boolean editable, boolean admin,
                  Runnable onChange) {
        this.editable = editable;
        this.admin = admin;
        this.onChange = onChange;
        setPadding(false);
        setSpacing(false);
        addClassName("channel-editor");
        list.setPadding(false);
        add.setText(getTranslation("quote.voucher.add"));
        add.setIcon(VaadinIcon.PLUS.create());
        add.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        add.setVisible(editable);
        add.addClassName("add-voucher");
        add.addClickListener(e -> addRow(new Row("", null)));
        // unknown (the option could not be priced): send none back, so the stored vouchers are kept
        this.known = vouchers != null;
        this.rebateWasSet = rebatePercent != null && rebatePercent.signum() != 0;
        vouchers = vouchers == null ? List.of() : vouchers;
        vouchers.forEach(v -> addRow(new Row(v.name(), v.amount())));
        add.setVisible(editable && known);
        add(new H4(getTranslation("quote.totals.vouchers")), list, add);
        if (admin) {
            rebate.setLabel(getTranslation("quote.rebate.percent"));
            rebate.setHelperText(getTranslation("quote.rebate.helper"));
            rebate.setValue(rebatePercent == null || rebatePercent.signum() == 0 ? null : rebatePercent);
            rebate.addClassName("rebate-percent");
            rebate.setReadOnly(!editable);
            rebate.addValueChangeListener(e -> {
                if (e.isFromClient()) {
                    onChange.run();
                }
            });
            add(rebate);
        }
        setVisible(editable || !vouchers.isEmpty() || admin && rebatePercent != null && rebatePercent.signum() > 0);
    }

    private void addRow(Row row) {
        rows.add(row);
        list.add(row);
    }

    /** The complete voucher rows; null (keep the stored ones) when the vouchers were not known. */
    List<QuoteInput.VoucherInput> vouchers() {
        return !known ? null : rows.stream().filter(Row::complete)
                .map(r -> new QuoteInput.VoucherInput(r.name.getValue(), r.amount.getValue())).toList();
    }

    /**
     * The admin's rebate (0 when cleared); null for consultants, which keeps the stored one, and null for a field
     * left empty that was empty, so a new option gets its provider's default rebate (ADR 1602).
     */
    @Nullable BigDecimal rebatePercent() {
        if (!admin || !known || (rebate.getValue() == null && !rebateWasSet)) {
            return null;
        }
        return rebate.getValue() == null ? BigDecimal.ZERO : rebate.getValue();
    }
}
