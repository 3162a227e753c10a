-- Customer portal: links sent to the customer (only the SHA-256 of the 256-bit token is stored), the one
-- acceptance of a quote, rejections, question threads, and the once-per-quote expiry reminder.

create table portal_links (
    tenant_id       uuid        not null references tenants (id),
    id              uuid        not null,
    quote_id        uuid        not null,
    -- SHA-256 of the raw token; the raw token exists only in the link handed to the customer
    token_hash      bytea       not null check (length(token_hash) = 32),
    -- the end of the quote's validity date (Asia/Shanghai); expiry is also computed on read from the quote
    expires_at      timestamptz not null,
    created_by      uuid,
    created_at      timestamptz not null default now(),
    revoked_at      timestamptz,
    revoked_by      uuid,
    first_viewed_at timestamptz,
    primary key (tenant_id, id),
    unique (tenant_id, token_hash),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id),
    foreign key (tenant_id, created_by) references app_users (tenant_id, id),
    foreign key (tenant_id, revoked_by) references app_users (tenant_id, id)
);
-- for gq_portal_lookup, which searches by hash before the tenant is known
create index portal_links_hash on portal_links (token_hash);
create index portal_links_quote on portal_links (tenant_id, quote_id);
alter table portal_links enable row level security;
alter table portal_links force row level security;
create policy portal_links_tenant on portal_links using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- Recorded once and for all: unique per quote (a second acceptance, even a concurrent one, fails), and never
-- updated or deleted (trigger below).
create table portal_acceptances (
    tenant_id       uuid        not null references tenants (id),
    id              uuid        not null,
    quote_id        uuid        not null,
    link_id         uuid,
    option_id       uuid        not null,
    option_name     text        not null check (option_name in ('A', 'B', 'C', 'D')),
    signer_name     text        not null check (length(signer_name) between 1 and 200),
    signer_email    text        not null check (signer_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
    accepted_at     timestamptz not null default now(),
    ip              text        check (length(ip) <= 100),
    user_agent      text        check (length(user_agent) <= 1000),
    -- the quote exactly as the customer saw it when accepting (no cost or margin), and its SHA-256
    snapshot        text        not null,
    snapshot_sha256 bytea       not null check (length(snapshot_sha256) = 32),
    primary key (tenant_id, id),
    unique (tenant_id, quote_id),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id),
    foreign key (tenant_id, link_id) references portal_links (tenant_id, id)
);
alter table portal_acceptances enable row level security;
alter table portal_acceptances force row level security;
create policy portal_acceptances_tenant on portal_acceptances using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

create function gq_portal_acceptance_immutable() returns trigger
    language plpgsql as
$$
begin
    raise exception 'portal acceptances are final and cannot be changed';
end
$$;
create trigger portal_acceptances_immutable before update or delete on portal_acceptances
    for each row execute function gq_portal_acceptance_immutable();

create table portal_rejections (
    tenant_id   uuid        not null references tenants (id),
    id          uuid        not null,
    quote_id    uuid        not null,
    link_id     uuid,
    reason      text        not null check (length(reason) between 1 and 2000),
    rejected_at timestamptz not null default now(),
    ip          text        check (length(ip) <= 100),
    user_agent  text        check (length(user_agent) <= 1000),
    primary key (tenant_id, id),
    unique (tenant_id, quote_id),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id),
    foreign key (tenant_id, link_id) references portal_links (tenant_id, id)
);
alter table portal_rejections enable row level security;
alter table portal_rejections force row level security;
create policy portal_rejections_tenant on portal_rejections using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- A question of the customer about a quote, and the consultants' answers (the thread).
create table portal_questions (
    tenant_id   uuid        not null references tenants (id),
    id          uuid        not null,
    quote_id    uuid        not null,
    link_id     uuid,
    asked_by    text        not null default '' check (length(asked_by) <= 200),
    text        text        not null check (length(text) between 1 and 4000),
    asked_at    timestamptz not null default now(),
    answered_at timestamptz,
    primary key (tenant_id, id),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id),
    foreign key (tenant_id, link_id) references portal_links (tenant_id, id)
);
create index portal_questions_quote on portal_questions (tenant_id, quote_id, asked_at);
create index portal_questions_open on portal_questions (tenant_id, asked_at) where answered_at is null;
alter table portal_questions enable row level security;
alter table portal_questions force row level security;
create policy portal_questions_tenant on portal_questions using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

create table portal_answers (
    tenant_id   uuid        not null references tenants (id),
    id          uuid        not null,
    question_id uuid        not null,
    user_id     uuid        not null,
    text        text        not null check (length(text) between 1 and 4000),
    answered_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, question_id) references portal_questions (tenant_id, id),
    foreign key (tenant_id, user_id) references app_users (tenant_id, id)
);
create index portal_answers_question on portal_answers (tenant_id, question_id, answered_at);
alter table portal_answers enable row level security;
alter table portal_answers force row level security;
create policy portal_answers_tenant on portal_answers using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- QUOTE_EXPIRING is sent once per quote: the row is the record that it was.
create table portal_expiry_notices (
    tenant_id   uuid        not null references tenants (id),
    quote_id    uuid        not null,
    notified_at timestamptz not null default now(),
    primary key (tenant_id, quote_id),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id)
);
alter table portal_expiry_notices enable row level security;
alter table portal_expiry_notices force row level security;
create policy portal_expiry_notices_tenant on portal_expiry_notices using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- The portal credential lookup before any tenant is known: answers only the owning tenant and link id of the
-- one hash asked for (revocation and expiry are checked afterwards in that tenant's scope).
create function gq_portal_lookup(p_hash bytea)
    returns table (link_id uuid, tenant_id uuid)
    language sql stable security definer set search_path = public as
$$
select l.id, l.tenant_id from portal_links l where l.token_hash = p_hash
$$;

revoke execute on function gq_portal_lookup(bytea) from public;
revoke execute on function gq_portal_acceptance_immutable() from public;
