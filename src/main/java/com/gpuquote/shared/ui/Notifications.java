package com.gpuquote.shared.ui;

import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.notification.Notification;
import com.vaadin.flow.component.notification.NotificationVariant;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.AccessDeniedException;

import java.util.Locale;
import java.util.stream.Collectors;

/** Friendly notifications for the application's exceptions: the one place views turn failures into text. */
public final class Notifications {
    private Notifications() {
    }

    public static void success(String text) {
        Notification n = Notification.show(text, 3000, Notification.Position.BOTTOM_START);
        n.addThemeVariants(NotificationVariant.LUMO_SUCCESS);
    }

    public static void error(String text) {
        Notification n = Notification.show(text, 6000, Notification.Position.MIDDLE);
        n.addThemeVariants(NotificationVariant.LUMO_ERROR);
    }

    /** Runs an action and shows a friendly message for any expected failure; returns true on success. */
    public static boolean attempt(Runnable action) {
        try {
            action.run();
            return true;
        } catch (RuntimeException e) {
            error(describe(e));
            return false;
        }
    }

    public static String describe(RuntimeException e) {
        Locale locale = UI.getCurrent() != null ? UI.getCurrent().getLocale() : I18n.CHINESE;
        if (e instanceof InvalidInputException invalid) {
            return invalid.errors().stream().map(f -> fieldMessage(locale, f)).collect(Collectors.joining("\n"));
        }
        if (e instanceof NotFoundException) {
            return I18n.get(locale, "shared.error.notFound");
        }
        if (e instanceof ConflictException c) {
            String key = c.messageKey();
            return key != null && I18n.has(key) ? I18n.get(locale, key) : I18n.get(locale, "shared.error.conflict");
        }
        if (e instanceof OptimisticLockingFailureException) {
            return I18n.get(locale, "shared.error.stale");
        }
        if (e instanceof AccessDeniedException) {
            return I18n.get(locale, "shared.error.denied");
        }
        throw e;
    }

    private static String fieldMessage(Locale locale, FieldError f) {
        String label = I18n.has("field." + f.field()) ? I18n.get(locale, "field." + f.field()) : f.field();
        return label + ": " + fieldText(locale, f);
    }

    /** The error's text in {@code locale}, without the field's name (for showing it on the field itself). */
    public static String fieldText(Locale locale, FieldError f) {
        // codes are short ("required" → error.required) or, for the quote domain, full keys ("quote.error.required")
        String key = "error." + f.code();
        if (!I18n.has(key) && f.code() != null && f.code().contains(".error.") && I18n.has(f.code())) {
            key = f.code();
        }
        String text;
        if (!I18n.has(key)) {
            text = f.message();
        } else if (!f.args().isEmpty()) {
            text = I18n.get(locale, key, f.args().toArray());
        } else if (I18n.takesArguments(key)) {
            text = f.message(); // a pattern needing arguments the error did not carry: the filled-in English text
        } else {
            text = I18n.get(locale, key);
        }
        return text;
    }
}
