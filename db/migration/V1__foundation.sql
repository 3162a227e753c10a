-- Foundation: tenants, users, invitations, API tokens, audit log, mail outbox, and the row-level security
-- machinery every tenant-owned table uses.

-- The tenant of the current transaction, set by the application with set_config('app.tenant_id', ..., true).
-- NULL when unset, so policies comparing tenant_id to it match nothing: isolation fails closed.
create function gq_current_tenant() returns uuid
    language sql stable as
$$ select nullif(current_setting('app.tenant_id', true), '')::uuid $$;

-- True only inside a transaction of an authenticated platform administrator.
create function gq_is_platform() returns boolean
    language sql stable as
$$ select coalesce(current_setting('app.platform', true), '') = 'on' $$;

create table tenants (
    id               uuid primary key,
    slug             text        not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{1,40}$'),
    name             text        not null check (length(name) between 1 and 200),
    status           text        not null default 'ACTIVE' check (status in ('ACTIVE', 'SUSPENDED')),
    locale           text        not null default 'zh-CN' check (locale in ('zh-CN', 'en')),
    currency         text        not null default 'CNY' check (currency = 'CNY'),
    vat_rate         numeric(5, 4) not null default 0.06 check (vat_rate >= 0 and vat_rate < 1),
    margin_floor_pct numeric(5, 4) not null default 0.05 check (margin_floor_pct >= 0 and margin_floor_pct < 1),
    created_at       timestamptz not null default now(),
    version          integer     not null default 0
);
alter table tenants enable row level security;
alter table tenants force row level security;
create policy tenants_access on tenants
    using (id = gq_current_tenant() or gq_is_platform())
    with check (gq_is_platform() or id = gq_current_tenant());

-- tenant_id is NULL only for platform administrators
create table app_users (
    id              uuid primary key,
    tenant_id       uuid references tenants (id),
    email           text        not null check (email ~ '^[^@\s]+@[^@\s]+$'),
    display_name    text        not null check (length(display_name) between 1 and 200),
    password_hash   text,
    roles           text[]      not null check (cardinality(roles) > 0),
    enabled         boolean     not null default true,
    failed_attempts integer     not null default 0,
    locked_until    timestamptz,
    last_login_at   timestamptz,
    created_at      timestamptz not null default now(),
    version         integer     not null default 0,
    unique (tenant_id, id),
    check ((tenant_id is null) = ('PLATFORM_ADMIN' = any (roles)))
);
create unique index app_users_email_key on app_users (lower(email));
alter table app_users enable row level security;
alter table app_users force row level security;
create policy app_users_access on app_users
    using (tenant_id = gq_current_tenant() or gq_is_platform())
    with check (tenant_id = gq_current_tenant() or gq_is_platform());

create table invitations (
    tenant_id   uuid        not null references tenants (id),
    id          uuid        not null,
    email       text        not null,
    display_name text       not null,
    roles       text[]      not null check (cardinality(roles) > 0),
    token_hash  bytea       not null check (length(token_hash) = 32),
    invited_by  uuid,
    created_at  timestamptz not null default now(),
    expires_at  timestamptz not null,
    accepted_at timestamptz,
    revoked_at  timestamptz,
    user_id     uuid,
    primary key (tenant_id, id),
    unique (tenant_id, token_hash),
    foreign key (tenant_id, user_id) references app_users (tenant_id, id)
);
alter table invitations enable row level security;
alter table invitations force row level security;
create policy invitations_access on invitations
    using (tenant_id = gq_current_tenant() or gq_is_platform())
    with check (tenant_id = gq_current_tenant() or gq_is_platform());

-- Personal API tokens; tenant_id NULL for a platform administrator's tokens.
create table api_tokens (
    id           uuid primary key,
    tenant_id    uuid references tenants (id),
    user_id      uuid        not null references app_users (id),
    name         text        not null check (length(name) between 1 and 100),
    token_hash   bytea       not null unique check (length(token_hash) = 32),
    created_at   timestamptz not null default now(),
    expires_at   timestamptz not null,
    last_used_at timestamptz,
    revoked_at   timestamptz,
    unique (tenant_id, id),
    foreign key (tenant_id, user_id) references app_users (tenant_id, id)
);
alter table api_tokens enable row level security;
alter table api_tokens force row level security;
create policy api_tokens_access on api_tokens
    using (tenant_id = gq_current_tenant() or (tenant_id is null and gq_is_platform()))
    with check (tenant_id = gq_current_tenant() or (tenant_id is null and gq_is_platform()));

create table audit_events (
    tenant_id uuid        not null references tenants (id),
    id        bigint generated always as identity,
    actor     text        not null,
    action    text        not null,
    entity    text        not null,
    entity_id text,
    at        timestamptz not null default now(),
    ip        text,
    details   jsonb       not null default '{}'::jsonb,
    primary key (tenant_id, id)
);
create index audit_events_at on audit_events (tenant_id, at desc);
alter table audit_events enable row level security;
alter table audit_events force row level security;
create policy audit_events_access on audit_events
    using (tenant_id = gq_current_tenant() or gq_is_platform())
    with check (tenant_id = gq_current_tenant() or gq_is_platform());

-- Mail waiting to be sent (invitations now, notifications later).
create table mail_outbox (
    tenant_id  uuid        not null references tenants (id),
    id         uuid        not null,
    recipient  text        not null,
    subject    text        not null,
    body       text        not null,
    created_at timestamptz not null default now(),
    sent_at    timestamptz,
    attempts   integer     not null default 0,
    last_error text,
    primary key (tenant_id, id)
);
alter table mail_outbox enable row level security;
alter table mail_outbox force row level security;
create policy mail_outbox_access on mail_outbox
    using (tenant_id = gq_current_tenant() or gq_is_platform())
    with check (tenant_id = gq_current_tenant() or gq_is_platform());

-- Credential lookups before any tenant is known. Each answers only the owning tenant (and status) of the one
-- credential asked for; all further work then runs in that tenant's scope. SECURITY DEFINER: runs as the
-- migration owner, which must be a superuser or have BYPASSRLS (see docs/decisions/0003-tenant-isolation.md).
create function gq_login_lookup(p_email text)
    returns table (user_id uuid, tenant_id uuid, tenant_status text)
    language sql stable security definer set search_path = public as
$$
select u.id, u.tenant_id, t.status
from app_users u left join tenants t on t.id = u.tenant_id
where lower(u.email) = lower(p_email)
$$;

create function gq_token_lookup(p_hash bytea)
    returns table (token_id uuid, user_id uuid, tenant_id uuid)
    language sql stable security definer set search_path = public as
$$
select k.id, k.user_id, k.tenant_id from api_tokens k
where k.token_hash = p_hash and k.revoked_at is null and k.expires_at > now()
$$;

create function gq_invitation_lookup(p_hash bytea)
    returns table (invitation_id uuid, tenant_id uuid)
    language sql stable security definer set search_path = public as
$$
select i.id, i.tenant_id from invitations i where i.token_hash = p_hash
$$;

revoke execute on all functions in schema public from public;
