package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteLineId;
import com.gpuquote.quote.ServiceCharge;
import com.gpuquote.quote.ServiceLine;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextField;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Service lines of one option (monthly or one-time amounts); a row counts once description and amount are set. */
class ServicesEditor extends VerticalLayout {

    final class Row extends HorizontalLayout {
        final QuoteLineId id;
        final TextField description = new TextField();
        final Select<ServiceCharge> charge = new Select<>();
        final BigDecimalField amount = new BigDecimalField();

        Row(QuoteLineId id, String text, ServiceCharge c, BigDecimal value) {
            this.id = id;
            setAlignItems(Alignment.BASELINE);
            description.setPlaceholder(getTranslation("quote.service.description"));
            description.setValue(text == null ? "" : text);
            description.setWidth("24rem");
            description.addClassName("service-description");
            charge.setItems(ServiceCharge.values());
            charge.setItemLabelGenerator(x -> getTranslation("quote.service.charge." + x.name()));
            charge.setValue(c == null ? ServiceCharge.ONE_TIME : c);
            amount.setPlaceholder(getTranslation("quote.service.amount"));
            amount.setValue(value);
            amount.addClassName("service-amount");
            description.setReadOnly(!editable);
            charge.setReadOnly(!editable);
            amount.setReadOnly(!editable);
            Button remove = new Button(VaadinIcon.TRASH.create(), e -> {
                rows.remove(this);
                list.remove(this);
                onChange.run();
            });
            remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ERROR);
            remove.setVisible(editable);
            description.addValueChangeListener(e -> changed());
            charge.addValueChangeListener(e -> { if (e.isFromClient()) changed(); });
            amount.addValueChangeListener(e -> changed());
            add(description, charge, amount, remove);
        }

        boolean complete() {
            return !description.getValue().isBlank() && amount.getValue() != null && charge.getValue() != null;
        }

        QuoteInput.Service toInput() {
            boolean monthly = charge.getValue() == ServiceCharge.MONTHLY;
            return new QuoteInput.Service(id, description.getValue(), monthly ? amount.getValue() : null,
                    monthly ? null : amount.getValue());
        }

        private void changed() {
            if (complete()) {
                onChange.run();
            }
        }
    }

    private final boolean editable;
    private final Runnable onChange;
    final List<Row> rows = new ArrayList<>();
    private final VerticalLayout list = new VerticalLayout();
    final Button add = new Button();

    ServicesEditor(boolean editable, Runnable onChange) {
        this.editable = editable;
        this.onChange = onChange;
        setPadding(false);
        setSpacing(false);
        list.setPadding(false);
        add.setText(getTranslation("quote.service.add"));
        add.setIcon(VaadinIcon.PLUS.create());
        add.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        add.setVisible(editable);
        add.addClassName("add-service");
        add.addClickListener(e -> addRow(new Row(null, "", ServiceCharge.ONE_TIME, null)));
        add(new H4(getTranslation("quote.services")), list, add);
    }

    void show(List<ServiceLine> services) {
        rows.clear();
        list.removeAll();
        services.forEach(s -> addRow(new Row(s.id(), s.description(), s.charge(), s.amount())));
    }

    private void addRow(Row row) {
        rows.add(row);
        list.add(row);
    }

    List<QuoteInput.Service> inputs() {
        return rows.stream().filter(Row::complete).map(Row::toInput).toList();
    }
}
