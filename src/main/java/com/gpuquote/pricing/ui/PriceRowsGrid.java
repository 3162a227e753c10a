package com.gpuquote.pricing.ui;

import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.pricing.PriceRow;
import com.gpuquote.pricing.PriceRowFilter;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.grid.editor.Editor;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.data.binder.Binder;

import java.math.BigDecimal;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/** Lazy grid of a list's rows with cost (admin only); in a draft, double-click edits a row's prices (Grid Editor). */
class PriceRowsGrid extends Grid<PriceRowsGrid.EditableRow> {

    /** Mutable copy of a row for the editor. */
    static final class EditableRow {
        final PriceRow row;
        BigDecimal listPrice;
        BigDecimal costPrice;

        EditableRow(PriceRow row) {
            this.row = row;
            this.listPrice = row.listPrice();
            this.costPrice = row.costPrice();
        }

        BigDecimal getListPrice() {
            return listPrice;
        }

        void setListPrice(BigDecimal v) {
            listPrice = v;
        }

        BigDecimal getCostPrice() {
            return costPrice;
        }

        void setCostPrice(BigDecimal v) {
            costPrice = v;
        }
    }

    private PriceRowFilter filter;

    /**
     * @param filter  the rows to show at first (the view keeps its search across reloads)
     * @param counted told the number of rows the filter finds, whenever the grid counts them
     */
    PriceRowsGrid(PriceListService priceLists, PriceList list, PriceRowFilter filter, IntConsumer counted,
                  Runnable changed, Consumer<String> history) {
        this.filter = filter;
        setId("price-rows-grid");
        addThemeVariants(GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_COMPACT);
        addColumn(r -> r.row.instanceType()).setKey("instanceType").setHeader(getTranslation("pricing.row.instanceType"))
                .setAutoWidth(true);
        addColumn(r -> r.row.region()).setKey("region").setHeader(getTranslation("pricing.row.region")).setAutoWidth(true);
        addColumn(r -> getTranslation("pricing.mode." + r.row.billingMode().name())).setKey("billingMode")
                .setHeader(getTranslation("pricing.row.billingMode")).setAutoWidth(true);
        // each price with its billing mode's unit (per hour, month or year): one list mixes them (issue 12)
        Column<EditableRow> listCol = addColumn(r -> PricingFormat.price(r.row, r.row.listPrice(), getLocale())).setKey("listPrice")
                .setHeader(getTranslation("pricing.row.listPrice")).setAutoWidth(true);
        Column<EditableRow> costCol = addColumn(r -> PricingFormat.price(r.row, r.row.costPrice(), getLocale())).setKey("costPrice")
                .setHeader(getTranslation("pricing.row.costPrice")).setAutoWidth(true);
        // the search runs in the database (PriceListService#rows with the filter), page by page
        setItems(q -> priceLists.rows(list.id(), this.filter, q.getOffset(), q.getLimit()).stream().map(EditableRow::new),
                q -> {
                    int count = this.filter.isAll() ? list.rowCount() : priceLists.countRows(list.id(), this.filter);
                    counted.accept(count);
                    return count;
                });
        addItemClickListener(e -> history.accept(e.getItem().row.instanceType()));
        if (list.isDraft()) {
            configureEditor(priceLists, list, changed, listCol, costCol);
        }
    }

    /** Shows the rows matching {@code filter} (from the first page). */
    void setFilter(PriceRowFilter filter) {
        this.filter = filter;
        getDataProvider().refreshAll();
    }

    private void configureEditor(PriceListService priceLists, PriceList list, Runnable changed,
                                 Column<EditableRow> listCol, Column<EditableRow> costCol) {
        Binder<EditableRow> binder = new Binder<>();
        Editor<EditableRow> editor = getEditor();
        editor.setBinder(binder);
        editor.setBuffered(true);
        BigDecimalField listField = new BigDecimalField();
        listField.setId("edit-list-price");
        BigDecimalField costField = new BigDecimalField();
        costField.setId("edit-cost-price");
        binder.forField(listField).asRequired().bind(EditableRow::getListPrice, EditableRow::setListPrice);
        binder.forField(costField).asRequired().bind(EditableRow::getCostPrice, EditableRow::setCostPrice);
        listCol.setEditorComponent(listField);
        costCol.setEditorComponent(costField);
        Button save = new Button(VaadinIcon.CHECK.create(), e -> editor.save());
        save.setId("save-row");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY, ButtonVariant.LUMO_SMALL);
        Button cancel = new Button(VaadinIcon.CLOSE.create(), e -> editor.cancel());
        cancel.addThemeVariants(ButtonVariant.LUMO_SMALL);
        Column<EditableRow> editCol = addComponentColumn(r -> {
            Button edit = new Button(VaadinIcon.EDIT.create(), e -> editor.editItem(r));
            edit.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_SMALL);
            Button delete = new Button(VaadinIcon.TRASH.create(), e -> Notifications.attempt(() -> {
                priceLists.deleteRow(list.id(), r.row.key());
                changed.run();
            }));
            delete.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_SMALL);
            return new HorizontalLayout(edit, delete);
        }).setKey("edit").setAutoWidth(true);
        editCol.setEditorComponent(new HorizontalLayout(save, cancel));
        editor.addSaveListener(e -> {
            EditableRow item = e.getItem();
            // the service validates the typed prices (negative, more than 4 decimals, too large) and names the field
            boolean saved = Notifications.attempt(() -> {
                priceLists.saveRow(list.id(), item.row.key(), item.listPrice, item.costPrice);
                changed.run();
            });
            if (!saved) {
                item.listPrice = item.row.listPrice(); // the row keeps its prices
                item.costPrice = item.row.costPrice();
                getDataProvider().refreshItem(item);
            }
        });
        addItemDoubleClickListener(e -> editor.editItem(e.getItem()));
    }
}
