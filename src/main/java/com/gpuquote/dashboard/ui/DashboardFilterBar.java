package com.gpuquote.dashboard.ui;

import com.gpuquote.dashboard.DashboardFilter;
import com.gpuquote.security.Colleague;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;

import java.util.function.Consumer;

/** Period (business days in China time) and consultant of the tenant dashboard; "Apply" hands the filter over. */
class DashboardFilterBar extends HorizontalLayout {

    final DatePicker from = new DatePicker();
    final DatePicker to = new DatePicker();
    final ComboBox<Colleague> consultant = new ComboBox<>();
    final Button apply = new Button();

    DashboardFilterBar(DashboardFilter initial, UserService users, Consumer<DashboardFilter> onApply) {
        setId("dashboard-filters");
        setAlignItems(FlexComponent.Alignment.BASELINE);
        setWrap(true);
        from.setId("dashboard-from");
        from.setLabel(getTranslation("dashboard.filter.from"));
        from.setValue(initial.from());
        to.setId("dashboard-to");
        to.setLabel(getTranslation("dashboard.filter.to"));
        to.setValue(initial.to());
        to.setHelperText(getTranslation("dashboard.filter.hint"));
        consultant.setId("dashboard-consultant");
        consultant.setLabel(getTranslation("dashboard.filter.consultant"));
        consultant.setPlaceholder(getTranslation("dashboard.filter.allConsultants"));
        consultant.setClearButtonVisible(true);
        consultant.setItemLabelGenerator(Colleague::displayName);
        consultant.setItems(q -> users.colleagues(q.getFilter().orElse(""), q.getOffset(), q.getLimit()).stream());
        apply.setId("dashboard-apply");
        apply.setText(getTranslation("dashboard.filter.apply"));
        apply.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        apply.addClickListener(e -> onApply.accept(value()));
        add(from, to, consultant, apply);
    }

    DashboardFilter value() {
        return new DashboardFilter(from.getValue(), to.getValue(),
                consultant.getValue() == null ? null : consultant.getValue().id());
    }
}
