package com.gpuquote.shared.ui;

import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasLabel;
import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.UI;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Puts each validation error the service answers on the form field it is about (issue 42: a toast
 * "creditCode: 统一社会信用代码无效…" named the internal field and left the field unmarked). A form registers its
 * fields under the names the service uses ({@code creditCode}, {@code contacts[0].email}, or a resolver for indexed
 * names), and a conflict that is about one field (a credit code another customer has) by its message key. An error
 * whose field is not on the form is still shown, by the field's label where the bundles have one, in a notification.
 * {@link #attempt(Runnable)} clears the marks, runs the save and marks what failed; other failures go to
 * {@link Notifications}.
 */
public final class FieldErrors {

    private final Map<String, HasValidation> fields = new LinkedHashMap<>();
    private final List<Function<String, @Nullable HasValidation>> resolvers = new ArrayList<>();
    private final Map<String, String> conflictFields = new LinkedHashMap<>();
    private final List<HasValidation> marked = new ArrayList<>();

    /** The field that shows the errors the service names {@code field}. */
    public FieldErrors on(String field, HasValidation component) {
        fields.put(field, component);
        return this;
    }

    /** Finds fields by name (e.g. the rows of a list: {@code contacts[2].email}); null for a name it does not know. */
    public FieldErrors resolving(Function<String, @Nullable HasValidation> resolver) {
        resolvers.add(resolver);
        return this;
    }

    /** A conflict with this message key is shown on {@code field} (e.g. a unique key the value collides with). */
    public FieldErrors onConflict(String messageKey, String field) {
        conflictFields.put(messageKey, field);
        return this;
    }

    /** Runs the action with the marks cleared; marks the fields it fails on. True when it succeeded. */
    public boolean attempt(Runnable action) {
        clear();
        try {
            action.run();
            return true;
        } catch (InvalidInputException e) {
            show(e.errors());
            return false;
        } catch (ConflictException e) {
            String field = e.messageKey() == null ? null : conflictFields.get(e.messageKey());
            HasValidation target = field == null ? null : find(field);
            if (target == null) {
                Notifications.error(Notifications.describe(e));
                return false;
            }
            mark(target, Notifications.describe(e));
            return false;
        } catch (RuntimeException e) {
            Notifications.error(Notifications.describe(e));
            return false;
        }
    }

    /** Marks the fields named by the errors; the rest are shown in one notification. */
    public void show(List<FieldError> errors) {
        Locale locale = UI.getCurrent() != null ? UI.getCurrent().getLocale() : I18n.CHINESE;
        List<String> elsewhere = new ArrayList<>();
        for (FieldError error : errors) {
            String text = Notifications.fieldText(locale, error);
            HasValidation target = find(error.field());
            if (target != null && ((Component) target).isVisible()) {
                mark(target, text);
            } else {
                elsewhere.add(label(locale, error.field(), target) + ": " + text);
            }
        }
        if (!elsewhere.isEmpty()) {
            Notifications.error(String.join("\n", elsewhere));
        }
    }

    /** Removes every mark this set has made. */
    public void clear() {
        marked.forEach(f -> f.setInvalid(false));
        marked.clear();
    }

    private void mark(HasValidation target, String text) {
        target.setErrorMessage(text);
        target.setInvalid(true);
        marked.add(target);
    }

    private @Nullable HasValidation find(String field) {
        HasValidation f = fields.get(field);
        for (int i = 0; f == null && i < resolvers.size(); i++) {
            f = resolvers.get(i).apply(field);
        }
        return f;
    }

    private static String label(Locale locale, String field, @Nullable HasValidation target) {
        if (target instanceof HasLabel l && l.getLabel() != null && !l.getLabel().isBlank()) {
            return l.getLabel();
        }
        return I18n.has("field." + field) ? I18n.get(locale, "field." + field) : field;
    }
}
