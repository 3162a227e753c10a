package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.Voucher;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.gpuquote.commercial.Money;
import com.gpuquote.quote.pricing.OptionApproval;
import com.gpuquote.shared.DisplayFormat;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextField;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
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
        /** Issue 39: the provider's voucher reference (optional until a tenant admin confirms it). */
        final TextField reference = new TextField();
        /** Shown for a stored, unconfirmed voucher when the user may confirm it (tenant admins). */
        final Button confirm = new Button();
        final Span state = new Span();
        private final @Nullable Voucher stored;

        Row(@Nullable Voucher voucher) {
            this.stored = voucher;
            String text = voucher == null ? null : voucher.name();
            BigDecimal value = voucher == null ? null : voucher.amount();
            setAlignItems(Alignment.BASELINE);
            name.setPlaceholder(getTranslation("quote.voucher.name"));
            name.setValue(text == null ? "" : text);
            name.setWidth("24rem");
            name.setMaxLength(Voucher.MAX_NAME);
            name.addClassName("voucher-name");
            amount.setPlaceholder(getTranslation("quote.voucher.amount"));
            amount.setValue(value);
            amount.addClassName("voucher-amount");
            reference.setPlaceholder(getTranslation("quote.voucher.reference"));
            reference.setValue(voucher == null || voucher.reference() == null ? "" : voucher.reference());
            reference.setMaxLength(Voucher.MAX_REFERENCE);
            reference.setWidth("12rem");
            reference.addClassName("voucher-reference");
            name.setReadOnly(!editable);
            amount.setReadOnly(!editable);
            reference.setReadOnly(!editable);
            state.addClassName("voucher-state");
            if (voucher != null) {
                // unconfirmed, it is the reseller's money: it lowers the price, not the cost (ADR 3902)
                state.setText(getTranslation(voucher.confirmed() ? "quote.voucher.confirmed" : "quote.voucher.unconfirmed"));
                state.getElement().getThemeList().add(voucher.confirmed() ? "badge success" : "badge contrast");
            }
            confirm.setText(getTranslation("quote.voucher.confirm"));
            confirm.addClassName("voucher-confirm");
            confirm.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE);
            confirm.setVisible(voucher != null && !voucher.confirmed() && confirmer != null);
            confirm.addClickListener(e -> confirmDialog(this).open());
            Button remove = new Button(VaadinIcon.TRASH.create(), e -> {
                rows.remove(this);
                list.remove(this);
                onChange.run();
            });
            remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ERROR);
            remove.setVisible(editable);
            name.addValueChangeListener(e -> changed(e.isFromClient()));
            amount.addValueChangeListener(e -> changed(e.isFromClient()));
            add(name, amount, reference, state, confirm, remove);
        }

        int position() {
            return rows.indexOf(this);
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
    /** Confirms stored voucher {@code position} with a reference (tenant admins), or null. */
    private final @Nullable BiConsumer<Integer, String> confirmer;
    /** Whether the option had a rebate when shown (clearing it then means 0). */
    private final boolean rebateWasSet;

    ChannelEditor(List<Voucher> vouchers, BigDecimal rebatePercent, boolean editable, boolean admin,
                  Runnable onChange) {
        this(vouchers, rebatePercent, editable, admin, onChange, null, null);
    }

    /**
     * Issue 39: {@code confirmer} (tenant admins, a draft or a quote waiting for approval) confirms a stored voucher
     * with the provider's reference; {@code approval} says whether the unconfirmed vouchers are over the tenant's cap.
     */
    ChannelEditor(List<Voucher> vouchers, BigDecimal rebatePercent, boolean editable, boolean admin,
                  Runnable onChange, @Nullable BiConsumer<Integer, String> confirmer,
                  @Nullable OptionApproval approval) {
        this.confirmer = confirmer;
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
        add.addClickListener(e -> addRow(new Row(null)));
        // unknown (the option could not be priced): send none back, so the stored vouchers are kept
        this.known = vouchers != null;
        this.rebateWasSet = rebatePercent != null && rebatePercent.signum() != 0;
        vouchers = vouchers == null ? List.of() : vouchers;
        vouchers.forEach(v -> addRow(new Row(v)));
        add.setVisible(editable && known);
        add(new H4(getTranslation("quote.totals.vouchers")), list, add);
        if (approval != null && approval.unconfirmedVoucherTotal().signum() > 0) {
            Span cap = new Span(getTranslation(approval.vouchersOverCap() ? "quote.voucher.overCap" : "quote.voucher.withinCap",
                    DisplayFormat.money(approval.unconfirmedVoucherTotal(), Money.CURRENCY),
                    approval.voucherCapPercent().stripTrailingZeros().toPlainString()));
            cap.addClassName("voucher-cap");
            cap.getElement().getThemeList().add(approval.vouchersOverCap() ? "badge error" : "badge");
            add(cap);
        }
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
                .map(r -> new QuoteInput.VoucherInput(r.name.getValue(), r.amount.getValue(),
                        r.reference.getValue().isBlank() ? null : r.reference.getValue())).toList();
    }

    /** Issue 39: a tenant admin confirms the voucher with the provider's reference it was granted under. */
    private Dialog confirmDialog(Row row) {
        Dialog d = new Dialog();
        d.addClassName("voucher-confirm-dialog");
        d.setHeaderTitle(getTranslation("quote.voucher.confirm.title", row.name.getValue(),
                DisplayFormat.money(row.amount.getValue(), Money.CURRENCY)));
        TextField ref = new TextField(getTranslation("quote.voucher.reference"));
        ref.addClassName("voucher-confirm-reference");
        ref.setValue(row.reference.getValue());
        ref.setMaxLength(Voucher.MAX_REFERENCE);
        ref.setRequired(true);
        ref.setWidth("24rem");
        ref.setHelperText(getTranslation("quote.voucher.confirm.help"));
        d.add(ref);
        Button ok = new Button(getTranslation("quote.voucher.confirm"), e -> {
            if (ref.getValue().isBlank()) {
                ref.setInvalid(true);
                ref.setErrorMessage(getTranslation("quote.error.required"));
                return;
            }
            d.close();
            confirmer.accept(row.position(), ref.getValue().strip());
        });
        ok.addClassName("voucher-confirm-ok");
        ok.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        d.getFooter().add(new Button(getTranslation("shared.cancel"), e -> d.close()), ok);
        return d;
    }

    /** Issue 39: the option's providers (code → rebate) when it has lines, each with its own rebate field. */
    private Map<String, BigDecimal> shownProviders = Map.of();
    final Map<String, BigDecimalField> providerFields = new java.util.LinkedHashMap<>();

    /**
     * Issue 39 (ADR 3903): an admin sets each provider's rebate; with one provider the one field is that provider's
     * (so lines of another provider added later start with their own default, never this one).
     */
    void showProviderRebates(Map<String, BigDecimal> rebates) {
        shownProviders = rebates == null ? Map.of() : new java.util.TreeMap<>(rebates);
        if (!admin || shownProviders.size() < 2) {
            if (admin && shownProviders.size() == 1) {
                String code = shownProviders.keySet().iterator().next();
                rebate.setLabel(getTranslation("quote.rebate.percentOf", providerName(code)));
            }
            return;
        }
        rebate.setVisible(false);
        shownProviders.forEach((code, percent) -> {
            BigDecimalField f = new BigDecimalField(getTranslation("quote.rebate.percentOf", providerName(code)));
            f.addClassName("provider-rebate");
            f.setId("rebate-" + code);
            f.setValue(percent.signum() == 0 ? null : percent);
            f.setReadOnly(!editable);
            f.addValueChangeListener(e -> {
                if (e.isFromClient()) {
                    onChange.run();
                }
            });
            providerFields.put(code, f);
            add(f);
        });
        setVisible(true);
    }

    private String providerName(String code) {
        return com.gpuquote.catalog.Provider.fromCode(code).map(p -> getTranslation(p.labelKey())).orElse(code);
    }

    /**
     * Issue 39: the admin's rebate per provider (cleared: 0); null for consultants (the stored ones stay), before the
     * option has lines, and for one provider's field left empty that was empty (its default stays).
     */
    java.util.@Nullable Map<String, BigDecimal> providerRebates() {
        if (!admin || !known || shownProviders.isEmpty()) {
            return null;
        }
        Map<String, BigDecimal> out = new java.util.TreeMap<>();
        if (providerFields.isEmpty()) {
            if (rebate.getValue() == null && !rebateWasSet) {
                return null;
            }
            out.put(shownProviders.keySet().iterator().next(), rebate.getValue() == null ? BigDecimal.ZERO : rebate.getValue());
            return out;
        }
        providerFields.forEach((code, f) -> out.put(code, f.getValue() == null ? BigDecimal.ZERO : f.getValue()));
        return out;
    }

    /**
     * The admin's rebate (0 when cleared); null for consultants, which keeps the stored one, and null for a field
     * left empty that was empty, so a new option gets its provider's default rebate (ADR 1602). Null as well once the
     * option has lines: then the rebate is per provider ({@link #providerRebates()}).
     */
    @Nullable BigDecimal rebatePercent() {
        if (!admin || !known || !shownProviders.isEmpty() || (rebate.getValue() == null && !rebateWasSet)) {
            return null;
        }
        return rebate.getValue() == null ? BigDecimal.ZERO : rebate.getValue();
    }
}
