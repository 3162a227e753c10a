-- 1. Security stamp: every change that must end a user's open browser sessions (roles, enabled, password, tenant,
--    customer) bumps app_users.security_stamp, whatever code path makes it (trigger). Each request of a signed-in
--    browser session compares the stamp it logged in with, the user's enabled flag and the tenant's status through
--    gq_session_check (one primary-key lookup), and ends the session when anything changed.
alter table app_users add column security_stamp integer not null default 0;

create function gq_bump_security_stamp() returns trigger
    language plpgsql as
$$
begin
    if new.roles is distinct from old.roles
        or new.enabled is distinct from old.enabled
        or new.password_hash is distinct from old.password_hash
        or new.tenant_id is distinct from old.tenant_id
        or new.customer_id is distinct from old.customer_id then
        new.security_stamp := old.security_stamp + 1;
    end if;
    return new;
end
$$;

create trigger app_users_security_stamp
    before update on app_users
    for each row execute function gq_bump_security_stamp();

-- Like the login lookups in V1: runs before any tenant scope, answers only about the one user asked for.
create function gq_session_check(p_user uuid)
    returns table (security_stamp integer, enabled boolean, tenant_status text)
    language sql stable security definer set search_path = public as
$$
select u.security_stamp, u.enabled, t.status
from app_users u left join tenants t on t.id = u.tenant_id
where u.id = p_user
$$;
revoke execute on function gq_session_check(uuid) from public;
revoke execute on function gq_bump_security_stamp() from public;

-- 2. The platform's own audit trail (docs/decisions/0006-platform-audit-log.md): platform administrators belong to
--    no tenant, so their logins, token actions and tenant lifecycle actions go here. No tenant_id; visible only in a
--    platform administrator's transaction (RLS ENABLE + FORCE on gq_is_platform()), so a tenant's transaction, even
--    through a raw runtime-role connection, sees none of it.
create table platform_audit_events (
    id        bigint generated always as identity primary key,
    actor     text        not null,
    action    text        not null,
    entity    text        not null,
    entity_id text,
    at        timestamptz not null default now(),
    ip        text,
    details   jsonb       not null default '{}'::jsonb
);
create index platform_audit_events_at on platform_audit_events (at desc);
alter table platform_audit_events enable row level security;
alter table platform_audit_events force row level security;
create policy platform_audit_events_platform on platform_audit_events
    using (gq_is_platform())
    with check (gq_is_platform());
