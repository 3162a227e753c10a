package com.gpuquote.pricing.ui;

import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;

import java.time.LocalDateTime;

/** Publish a draft from a date and time (now, or later to schedule it). */
class PublishDialog extends Dialog {

    final DateTimePicker effectiveFrom = new DateTimePicker();

    PublishDialog(PriceListService priceLists, PriceList draft, Runnable published, java.time.Clock clock) {
        setId("publish-dialog");
        setHeaderTitle(getTranslation("pricing.publish"));
        effectiveFrom.setId("publish-from");
        effectiveFrom.setLabel(getTranslation("pricing.publish.from"));
        effectiveFrom.setValue(draft.effectiveFrom() != null
                ? LocalDateTime.ofInstant(draft.effectiveFrom(), Formats.ZONE)
                : LocalDateTime.now(clock.withZone(Formats.ZONE)).withSecond(0).withNano(0));
        add(new Paragraph(getTranslation("pricing.publish.help")), effectiveFrom);
        Button publish = new Button(getTranslation("pricing.publish"), e -> Notifications.attempt(() -> {
            priceLists.publish(draft.id(), effectiveFrom.getValue() == null ? null
                    : effectiveFrom.getValue().atZone(Formats.ZONE).toInstant(), draft.rowVersion());
            close();
            Notifications.success(getTranslation("pricing.publish.done"));
            published.run();
        }));
        publish.setId("confirm-publish");
        publish.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), publish);
    }
}
