-- Per-tenant versioned price lists (issue 4). See docs/decisions/0102-price-list-versions.md.
--
-- Lifecycle: DRAFT -> PUBLISHED -> ARCHIVED.
--   * A draft has no version number; its effective_from is only the planned date (may be NULL).
--   * Publishing assigns version = max(version) + 1 per (tenant, provider) and a window [effective_from, effective_to).
--     The list whose window holds the new effective_from is cut there (its effective_to becomes the new
--     effective_from); a list already scheduled later bounds the new window. All in one transaction.
--   * ARCHIVED is a published list an admin (or the publish of its successor, when immediate) moved out of the
--     current view. Its window and rows stay: every list that was ever published answers lookups for its window,
--     so history and past quotes never change. A draft that is archived was never published (version NULL).
--   * The price in force for (instance type, region, billing mode) at T is the row of the one non-draft list of the
--     provider whose window holds T. Windows of non-draft lists never overlap: exclusion constraint below.
-- Unit prices NUMERIC(19,4) in CNY.

-- the migration runs as the admin account; the runtime role can use, but never create, extensions
create extension if not exists btree_gist;

create table price_lists (
    tenant_id      uuid        not null references tenants (id),
    id             uuid        not null,
    name           text        not null check (length(btrim(name)) between 1 and 200),
    provider       text        not null references providers (code),
    currency       text        not null default 'CNY' check (currency = 'CNY'),
    version        integer     check (version > 0),
    status         text        not null default 'DRAFT' check (status in ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
    effective_from timestamptz,
    effective_to   timestamptz,
    sample         boolean     not null default false,
    created_by     uuid,
    created_at     timestamptz not null default now(),
    published_at   timestamptz,
    published_by   uuid,
    row_version    integer     not null default 0,
    primary key (tenant_id, id),
    -- target of the rows' foreign key, so a row's provider is always its list's provider
    unique (tenant_id, id, provider),
    unique (tenant_id, provider, version),
    foreign key (tenant_id, created_by) references app_users (tenant_id, id),
    foreign key (tenant_id, published_by) references app_users (tenant_id, id),
    -- a list that was ever published has a version, a start and a publication time
    check ((published_at is null) = (version is null)),
    check (published_at is not null or published_by is null),
    check (case status when 'DRAFT' then published_at is null when 'PUBLISHED' then published_at is not null
                       else true end),
    check (published_at is null or effective_from is not null),
    check (effective_to is null or (effective_from is not null and effective_to > effective_from)),
    constraint price_lists_no_overlap exclude using gist (
        tenant_id with =,
        provider with =,
        tstzrange(effective_from, effective_to, '[)') with &&
    ) where (published_at is not null)
);
create index price_lists_listing on price_lists (tenant_id, provider, status, effective_from desc);
alter table price_lists enable row level security;
alter table price_lists force row level security;
create policy price_lists_tenant on price_lists using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

comment on column price_lists.version is 'Assigned at publish: 1, 2, 3 ... per (tenant, provider); NULL for drafts';
comment on column price_lists.effective_from is 'Draft: planned start (optional). Published: start of the window, inclusive';
comment on column price_lists.effective_to is 'End of the window, exclusive; NULL = open ended';
comment on column price_lists.row_version is 'Optimistic lock: incremented on every change of the list or its rows';

create table price_list_rows (
    tenant_id     uuid          not null,
    price_list_id uuid          not null,
    provider      text          not null,
    instance_type text          not null,
    region        text          not null,
    billing_mode  text          not null check (billing_mode in ('HOURLY', 'MONTHLY', 'YEARLY', 'SPOT')),
    list_price    numeric(19, 4) not null check (list_price >= 0),
    cost_price    numeric(19, 4) not null check (cost_price >= 0),
    primary key (tenant_id, price_list_id, instance_type, region, billing_mode),
    foreign key (tenant_id, price_list_id, provider) references price_lists (tenant_id, id, provider)
        on delete cascade,
    foreign key (provider, instance_type) references instance_types (provider, code) on update cascade,
    foreign key (provider, region) references regions (provider, code)
);
-- lookups by instance type across versions (price at T, history chart)
create index price_list_rows_type on price_list_rows (tenant_id, instance_type, region, billing_mode);
alter table price_list_rows enable row level security;
alter table price_list_rows force row level security;
create policy price_list_rows_tenant on price_list_rows using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

comment on column price_list_rows.list_price is 'Provider public price per hour (HOURLY, SPOT), month (MONTHLY) or year (YEARLY)';
comment on column price_list_rows.cost_price is 'What the reseller pays; confidential, TENANT_ADMIN only';

-- Rows of a list that was ever published are history: they never change. Drafts only.
create function price_list_rows_draft_only() returns trigger
    language plpgsql as
$$
declare
    v_status text;
    v_list   uuid := case when tg_op = 'DELETE' then old.price_list_id else new.price_list_id end;
    v_tenant uuid := case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end;
begin
    select status into v_status from price_lists where tenant_id = v_tenant and id = v_list;
    if v_status is not null and v_status <> 'DRAFT' then
        raise exception 'price list % is % and its rows cannot change', v_list, v_status
            using errcode = 'check_violation';
    end if;
    return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger price_list_rows_draft_only
    before insert or update or delete on price_list_rows
    for each row execute function price_list_rows_draft_only();
