package com.gpuquote.notification.ui;

import com.gpuquote.notification.Notification;
import com.gpuquote.notification.NotificationService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.popover.Popover;

import java.util.List;

/**
 * The bell in the navbar: unread count, and a list that opens on click. Refreshed on every navigation, and pushed
 * when a notification for this user is committed ({@link com.gpuquote.shared.LiveUpdates}; no polling, so an idle
 * session still times out).
 */
public class NotificationBell extends Div {

    private final NotificationService notifications;
    private final Button bell = new Button(VaadinIcon.BELL.create());
    private final Span badge = new Span();
    final VerticalLayout list = new VerticalLayout();
    final Popover popover = new Popover();

    private com.gpuquote.shared.ui.LiveRefresh live;

    public NotificationBell(NotificationService notifications, com.gpuquote.shared.LiveUpdates updates) {
        this.notifications = notifications;
        addAttachListener(e -> com.gpuquote.security.CurrentUser.get().ifPresent(me -> {
            live = com.gpuquote.shared.ui.LiveRefresh.subscribe(updates, e.getUI(),
                    com.gpuquote.shared.LiveUpdates.notifications(me.userId().value()), () -> {
                        refresh();
                        if (popover.isOpened()) {
                            fill();
                        }
                    });
        }));
        addDetachListener(e -> {
            if (live != null) {
                live.close();
                live = null;
            }
        });
        setId("notification-bell");
        addClassName("notification-bell");
        bell.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ICON);
        bell.setAriaLabel(getTranslation("notification.bell"));
        badge.setId("notification-count");
        badge.getElement().getThemeList().add("badge error pill small");
        list.setPadding(false);
        list.setSpacing(false);
        list.setWidth("22rem");
        popover.setId("notification-popover");
        popover.setAriaLabel(getTranslation("notification.bell"));
        popover.setTarget(bell);
        popover.add(list);
        popover.addOpenedChangeListener(e -> {
            if (e.isOpened()) {
                fill();
            }
        });
        add(bell, badge);
        refresh();
    }

    public void refresh() {
        int unread = notifications.unreadCount();
        badge.setText(String.valueOf(unread));
        badge.setVisible(unread > 0);
    }

    void fill() {
        list.removeAll();
        List<Notification> items = notifications.mine(20);
        if (items.isEmpty()) {
            list.add(new Span(getTranslation("notification.none")));
        }
        for (Notification n : items) {
            Div row = new Div();
            // one class name per call: Vaadin refuses a name with a space ("notification unread")
            row.addClassName("notification");
            if (n.unread()) {
                row.addClassName("unread");
            }
            row.getElement().setAttribute("role", "button");
            row.getElement().setAttribute("tabindex", "0");
            Span text = new Span(com.gpuquote.notification.NotificationService.render(getLocale(), n.kind(), n.params()));
            Span when = new Span(com.gpuquote.shared.DisplayFormat.dateTime(n.createdAt()));
            when.addClassName("notification-time");
            row.add(text, new Div(when));
            row.addClickListener(e -> {
                notifications.markRead(n.id());
                refresh();
                if (n.link() != null) {
                    UI.getCurrent().navigate(n.link());
                }
            });
            list.add(row);
        }
        if (items.stream().anyMatch(Notification::unread)) {
            Button all = new Button(getTranslation("notification.markAllRead"), e -> {
                notifications.markAllRead();
                refresh();
                fill();
            });
            all.addThemeVariants(ButtonVariant.LUMO_SMALL, ButtonVariant.LUMO_TERTIARY);
            list.add(all);
        }
    }
}
