package com.gpuquote.user;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.mail.MailOutbox;
import com.gpuquote.security.CredentialChanges;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Passwords;
import com.gpuquote.security.Role;
import com.gpuquote.security.SecretTokens;
import com.gpuquote.security.Colleague;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import com.gpuquote.tenancy.NewTenant;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.user.internal.InvitationRepository;
import com.gpuquote.user.internal.UserRepository;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Tenant users and invitations; and onboarding a new tenant with its first admin. */
@Service
public class UserService {

    public static final Duration INVITATION_VALIDITY = Duration.ofHours(72);

    private final UserRepository users;
    private final InvitationRepository invitations;
    private final TenantService tenants;
    private final AuditLog audit;
    private final MailOutbox mail;
    private final PasswordEncoder passwordEncoder;
    private final TransactionTemplate tx;
    private final String publicUrl;
    private final Clock clock;
    private final CredentialChanges credentialChanges;

    UserService(UserRepository users, InvitationRepository invitations, TenantService tenants, AuditLog audit,
                MailOutbox mail, PasswordEncoder passwordEncoder, PlatformTransactionManager txm,
                @Value("${gpuquote.public-url}") String publicUrl, Clock clock, CredentialChanges credentialChanges) {
        this.credentialChanges = credentialChanges;
        this.users = users;
        this.invitations = invitations;
        this.tenants = tenants;
        this.audit = audit;
        this.mail = mail;
        this.passwordEncoder = passwordEncoder;
        this.tx = new TransactionTemplate(txm);
        this.publicUrl = publicUrl.replaceAll("/+$", "");
        this.clock = clock;
    }

    // ---- platform: onboarding -------------------------------------------------------------------------------

    public record Onboarding(Tenant tenant, InvitationLink adminInvitation) {
    }

    /** Creates a tenant and invites its first tenant admin, atomically. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public Onboarding onboardTenant(NewTenant tenant, String adminEmail, String adminName) {
        validateInvitee(adminEmail, adminName, Set.of(Role.TENANT_ADMIN));
        Tenant created = tenants.create(tenant);
        InvitationLink link = createInvitation(created, new NewInvitation(adminEmail, adminName, Set.of(Role.TENANT_ADMIN)));
        audit.record(created.id(), "TENANT_CREATED", "tenant", created.id(), Map.of("slug", created.slug()));
        audit.recordPlatform("TENANT_CREATED", "tenant", created.id(),
                Map.of("slug", created.slug(), "name", created.name(), "adminEmail", adminEmail.trim()));
        return new Onboarding(created, link);
    }

    // ---- tenant admin: users ------------------------------------------------------------------------------

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public List<UserAccount> list(String search, int offset, int limit) {
        return users.findInTenant(myTenant(), search, offset, limit);
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public int count(String search) {
        return users.countInTenant(myTenant(), search);
    }

    /** Enabled consultants and tenant admins of the caller's tenant (to pick an owner or filter by consultant). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<Colleague> colleagues(String search, int offset, int limit) {
        return users.findStaff(myTenant(), search, offset, limit);
    }

    /** The colleague with this id if they are an enabled consultant or tenant admin of the caller's tenant. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Optional<Colleague> colleague(UserId id) {
        return id == null ? Optional.empty() : users.findStaff(myTenant(), id);
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public InvitationLink invite(NewInvitation invitation) {
        validateInvitee(invitation.email(), invitation.displayName(), invitation.roles());
        Tenant tenant = tenants.current();
        InvitationLink link = createInvitation(tenant, invitation);
        audit.record(tenant.id(), "USER_INVITED", "invitation", link.invitationId(),
                Map.of("email", invitation.email(), "roles", invitation.roles().toString()));
        return link;
    }

    /**
     * Invites a contact of one customer as a CUSTOMER user of that customer only (issue 7). The customer must be one of
     * the caller's tenant (the composite foreign key refuses any other); callers check it is visible to them first.
     */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional
    public InvitationLink inviteCustomerContact(CustomerId customerId, String email, String displayName) {
        Validation v = new Validation();
        v.check(customerId != null, "customerId", "required", "customerId is required");
        v.check(email != null && com.gpuquote.shared.InputRules.isEmail(email.trim()), "email", "email", "Not a valid email address");
        v.check(displayName != null && !displayName.isBlank() && displayName.length() <= 200, "displayName", "required",
                "Name is required");
        v.throwIfInvalid();
        Tenant tenant = tenants.current();
        InvitationLink link = createInvitation(tenant, new NewInvitation(email, displayName, Set.of(Role.CUSTOMER)),
                customerId);
        audit.record(tenant.id(), "CUSTOMER_USER_INVITED", "invitation", link.invitationId(),
                Map.of("email", email, "customer", customerId.toString()));
        return link;
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public List<Invitation> pendingInvitations() {
        return invitations.findPending(myTenant(), clock.instant());
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public void revokeInvitation(InvitationId invitationId) {
        if (invitations.revoke(myTenant(), invitationId.value()) == 0) {
            throw new NotFoundException("invitation", invitationId);
        }
        audit.record(myTenant(), "INVITATION_REVOKED", "invitation", invitationId, Map.of());
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public UserAccount changeRoles(UserId id, Set<Role> roles) {
        if (roles == null || roles.isEmpty() || !Role.TENANT_ROLES.containsAll(roles)) {
            throw InvalidInputException.of("roles", "user.roles", "Choose at least one of TENANT_ADMIN, CONSULTANT, APPROVER");
        }
        UserAccount user = requireUser(id);
        if (isMe(id) && !roles.contains(Role.TENANT_ADMIN)) {
            throw new ConflictException("user.error.ownAdminRole", "You cannot remove your own admin role");
        }
        users.updateRoles(myTenant(), id, roles);
        credentialChanges.changedInThisTransaction();
        audit.record(myTenant(), "USER_ROLES_CHANGED", "user", id,
                Map.of("email", user.email(), "from", user.roles().toString(), "to", roles.toString()));
        return requireUser(id);
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public UserAccount setEnabled(UserId id, boolean enabled) {
        UserAccount user = requireUser(id);
        if (isMe(id) && !enabled) {
            throw new ConflictException("user.error.disableSelf", "You cannot disable your own account");
        }
        users.updateEnabled(myTenant(), id, enabled);
        credentialChanges.changedInThisTransaction();
        audit.record(myTenant(), enabled ? "USER_ENABLED" : "USER_DISABLED", "user", id, Map.of("email", user.email()));
        return requireUser(id);
    }

    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional
    public UserAccount unlock(UserId id) {
        UserAccount user = requireUser(id);
        users.unlock(myTenant(), id);
        audit.record(myTenant(), "USER_UNLOCKED", "user", id, Map.of("email", user.email()));
        return requireUser(id);
    }

    // ---- platform: accounts with a known password (bootstrap admin, demo data) ------------------------------

    /** Creates an account with a password unless the email is taken; tenant null makes a platform admin. */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional
    public boolean createAccountIfAbsent(TenantId tenant, String email, String displayName, Set<Role> roles,
                                         String password) {
        Passwords.requireAcceptable("password", password);
        if (users.emailExists(email)) {
            return false;
        }
        UserId id = new UserId(UUID.randomUUID());
        users.insert(tenant, id, email, displayName, roles, passwordEncoder.encode(password));
        if (tenant != null) {
            audit.record(tenant, "USER_CREATED", "user", id, Map.of("email", email, "roles", roles.toString()));
        } else {
            audit.recordPlatform("USER_CREATED", "user", id, Map.of("email", email, "roles", roles.toString()));
        }
        return true;
    }

    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public boolean platformAdminExists() {
        return users.platformAdminExists();
    }

    // ---- invitee (no login; the token is the credential) ---------------------------------------------------

    /** What an invitation link is for, if it can still be accepted. */
    public InvitationDetails inspectInvitation(String token) {
        return withInvitation(token, (tenant, inv) -> new InvitationDetails(inv.email(), inv.displayName(),
                invitations.tenantName(tenant)));
    }

    /** Accepts an invitation: creates the account with the chosen password. Single use. */
    public String acceptInvitation(String token, String password) {
        Passwords.requireAcceptable("password", password);
        return withInvitation(token, (tenant, inv) -> {
            if (invitations.markAccepted(tenant, inv.id().value(), clock.instant()) == 0) {
                throw new ConflictException("user.error.invitationUsed", "This invitation was already used");
            }
            UserId id = new UserId(UUID.randomUUID());
            try {
                users.insert(tenant, id, inv.email(), inv.displayName(), inv.roles(), passwordEncoder.encode(password),
                        invitations.customerOf(tenant, inv.id().value()).orElse(null));
            } catch (DuplicateKeyException e) {
                throw new ConflictException("user.error.emailTaken", "An account with this email already exists");
            }
            invitations.linkUser(tenant, inv.id().value(), id);
            audit.recordAs(tenant, inv.email(), "INVITATION_ACCEPTED", "user", id, Map.of());
            return inv.email();
        });
    }

    private interface InvitationWork<T> {
        T apply(TenantId tenant, Invitation invitation);
    }

    private <T> T withInvitation(String token, InvitationWork<T> work) {
        if (token == null || token.isBlank()) {
            throw new NotFoundException("invitation", "(token)");
        }
        byte[] hash = SecretTokens.sha256(token);
        InvitationRepository.Owner owner = TenantContext.runAs(TenantContext.Scope.NONE,
                () -> tx.execute(s -> invitations.ownerOf(hash)))
                .orElseThrow(() -> new NotFoundException("invitation", "(token)"));
        return TenantContext.runAs(TenantContext.Scope.tenant(owner.tenantId()), () -> tx.execute(s -> {
            Invitation inv = invitations.find(owner.tenantId(), owner.invitationId()).orElseThrow();
            if (inv.acceptedAt() != null) {
                throw new ConflictException("user.error.invitationUsed", "This invitation was already used");
            }
            if (inv.revokedAt() != null || !inv.expiresAt().isAfter(clock.instant())) {
                throw new ConflictException("user.error.invitationExpired", "This invitation has expired or was revoked");
            }
            return work.apply(owner.tenantId(), inv);
        }));
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private InvitationLink createInvitation(Tenant tenant, NewInvitation invitation) {
        return createInvitation(tenant, invitation, null);
    }

    private InvitationLink createInvitation(Tenant tenant, NewInvitation invitation, @Nullable CustomerId customerId) {
        if (users.emailExists(invitation.email())) {
            throw new ConflictException("user.error.emailTaken", "An account with this email already exists");
        }
        String token = SecretTokens.newToken("");
        InvitationId id = InvitationId.random();
        Instant expires = clock.instant().plus(INVITATION_VALIDITY);
        UUID invitedBy = CurrentUser.get().map(GpuQuoteUser::userId).map(UserId::value).orElse(null);
        invitations.insert(tenant.id(), id.value(), invitation.email().trim(), invitation.displayName().trim(),
                invitation.roles(), SecretTokens.sha256(token), invitedBy, expires,
                customerId == null ? null : customerId.value());
        String url = publicUrl + "/invite/" + token;
        // in the language of the tenant the invitee joins (it is also the language their UI starts in)
        java.util.Locale language = I18n.fromTag(tenant.locale());
        // the mail carries the raw token: sent directly after commit and never stored, like the portal link (ADR
        // 0701, V44); the outbox keeps a trace whose link has no token
        String hours = String.valueOf(INVITATION_VALIDITY.toHours());
        mail.sendDirect(tenant.id(), invitation.email(), I18n.get(language, "user.invitation.mail.subject", tenant.name()),
                I18n.get(language, "user.invitation.mail.body", tenant.name(), invitation.displayName().trim(), url, hours),
                I18n.get(language, "user.invitation.mail.body", tenant.name(), invitation.displayName().trim(),
                        publicUrl + "/invite/…", hours));
        return new InvitationLink(id, invitation.email(), url, expires);
    }

    private void validateInvitee(String email, String name, Set<Role> roles) {
        Validation v = new Validation();
        v.check(email != null && com.gpuquote.shared.InputRules.isEmail(email.trim()), "email", "email", "Not a valid email address");
        v.check(name != null && !name.isBlank() && name.length() <= 200, "displayName", "required", "Name is required");
        v.check(roles != null && !roles.isEmpty() && Role.TENANT_ROLES.containsAll(roles), "roles", "user.roles",
                "Choose at least one of TENANT_ADMIN, CONSULTANT, APPROVER");
        v.throwIfInvalid();
    }

    private UserAccount requireUser(UserId id) {
        return users.find(myTenant(), id).orElseThrow(() -> new NotFoundException("user", id));
    }

    private static boolean isMe(UserId id) {
        return CurrentUser.require().userId().equals(id);
    }

    private static TenantId myTenant() {
        return CurrentUser.require().requireTenant();
    }

    static Set<Role> copy(Set<Role> roles) {
        return roles.isEmpty() ? EnumSet.noneOf(Role.class) : EnumSet.copyOf(roles);
    }
}
