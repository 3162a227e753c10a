package com.gpuquote.notification;

import com.gpuquote.shared.Roles;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.mail.MailOutbox;
import com.gpuquote.notification.internal.NotificationRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.I18n;
import com.gpuquote.tenancy.TenantId;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The bell: in-app notifications, each also mailed through the outbox (sent when SMTP is configured). */
@Service
public class NotificationService {

    /** A parameter in a notification's text: {name}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z]+)}");

    private final NotificationRepository repository;
    private final MailOutbox mail;
    private final ObjectMapper json;
    private final String publicUrl;
    private final com.gpuquote.shared.LiveUpdates live;

    NotificationService(NotificationRepository repository, MailOutbox mail, ObjectMapper json,
                        @Value("${gpuquote.public-url}") String publicUrl, com.gpuquote.shared.LiveUpdates live) {
        this.live = live;
        this.repository = repository;
        this.mail = mail;
        this.json = json;
        this.publicUrl = publicUrl.replaceAll("/+$", "");
    }

    /**
     * Notifies a user of the given tenant inside the caller's transaction (so an undone change notifies nobody).
     * Called by server code in the tenant's scope, e.g. when a customer acts on the portal.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public NotificationId notify(TenantId tenant, UserId user, String kind, Map<String, String> params, String link) {
        NotificationId id = NotificationId.random();
        Map<String, String> p = params == null ? Map.of() : new LinkedHashMap<>(params);
        repository.insert(tenant, id.value(), user, kind, write(p), link);
        live.publishAfterCommit(com.gpuquote.shared.LiveUpdates.notifications(user.value()));
        repository.emailAndLocale(tenant, user).ifPresent(target -> {
            var locale = I18n.fromTag(target.locale());
            String text = render(locale, kind, p);
            mail.enqueue(tenant, target.email(), I18n.get(locale, "notification.mail.subject", text),
                    text + (link == null ? "" : "\n\n" + absolute(link)));
        });
        return id;
    }

    /**
     * A task is done: the notifications of these kinds that link to {@code link} (e.g. "waiting for your approval"
     * of one quote) leave every bell of the tenant, inside the caller's transaction (issue 42: an admin kept three
     * such items for quotes already approved). Their mails, if sent, stay sent.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void resolve(TenantId tenant, String link, java.util.Collection<String> kinds) {
        repository.deleteByLink(tenant, link, List.copyOf(kinds)).stream().distinct()
                .forEach(user -> live.publishAfterCommit(com.gpuquote.shared.LiveUpdates.notifications(user)));
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public List<Notification> mine(int limit) {
        var me = CurrentUser.require();
        if (me.tenantId().isEmpty()) {
            return List.of();
        }
        return repository.forUser(me.requireTenant(), me.userId(), limit).stream()
                .map(r -> new Notification(new NotificationId(r.id()), r.kind(), read(r.paramsJson()), r.link(), r.createdAt(), r.readAt()))
                .toList();
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional(readOnly = true)
    public int unreadCount() {
        var me = CurrentUser.require();
        return me.tenantId().isEmpty() ? 0 : repository.unreadCount(me.requireTenant(), me.userId());
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional
    public void markAllRead() {
        var me = CurrentUser.require();
        me.tenantId().ifPresent(t -> repository.markAllRead(t, me.userId()));
    }

    @PreAuthorize(Roles.IS_AUTHENTICATED)
    @Transactional
    public void markRead(NotificationId id) {
        var me = CurrentUser.require();
        me.tenantId().ifPresent(t -> repository.markRead(t, me.userId(), id.value()));
    }

    /**
     * The message of a notification in a language; parameters are referenced by name as {name} in the bundle. A
     * parameter named {@code xKey} holds a message key (a role's name): it is shown as {x}, translated into the
     * reader's language, since one notification is stored once and read in whatever language its reader uses.
     */
    public static String render(java.util.Locale locale, String kind, Map<String, String> params) {
        // one pass over the pattern, so a parameter's value (a customer's question) is never read as a placeholder;
        // a parameter the notification was stored without is an unknown value, not a raw {name}
        return PLACEHOLDER.matcher(I18n.get(locale, "notification.kind." + kind)).replaceAll(m -> {
            String name = m.group(1);
            String key = params.get(name + "Key");
            String value = key != null && I18n.has(key) ? I18n.get(locale, key) : params.get(name);
            return Matcher.quoteReplacement(value == null ? I18n.MISSING : value);
        });
    }

    /** In-app links are routes ("quotes/…"); a mail needs the full address under the configured public URL. */
    private String absolute(String link) {
        return link.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") ? link : publicUrl + "/" + link.replaceFirst("^/+", "");
    }

    private String write(Map<String, String> params) {
        try {
            return json.writeValueAsString(params);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private Map<String, String> read(String s) {
        try {
            return json.readValue(s, new TypeReference<>() { });
        } catch (JsonProcessingException e) {
            return Map.of();
        }
    }
}
