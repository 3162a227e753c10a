-- Quotes: one row per version of a numbered quote, its options, instance lines and service lines, the pricing
-- snapshot taken at submit (frozen from send on), and the gapless per-tenant, per-year number counter.

-- Gapless numbering: the counter row is incremented with "insert ... on conflict do update ... returning" in the
-- transaction that creates the quote (row lock until commit; a rollback gives the number back). No sequences.
create table quote_number_counters (
    tenant_id  uuid    not null references tenants (id),
    year       integer not null check (year between 2000 and 9999),
    last_value integer not null check (last_value >= 1),
    primary key (tenant_id, year)
);
alter table quote_number_counters enable row level security;
alter table quote_number_counters force row level security;
create policy quote_number_counters_tenant on quote_number_counters using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

create table quotes (
    tenant_id        uuid        not null references tenants (id),
    id               uuid        not null,
    number           text        not null check (number ~ '^Q-[0-9]{4}-[0-9]{4,9}$'),
    version          integer     not null check (version >= 1),
    status           text        not null check (status in ('DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'SENT', 'VIEWED',
                                                            'ACCEPTED', 'REJECTED', 'EXPIRED', 'SUPERSEDED')),
    project_id       uuid        not null,
    author_id        uuid        not null,
    valid_until      date        not null,
    -- the pricing snapshot (com.gpuquote.quote.PricedQuote as JSON, incl. cost: server-side only), set at submit,
    -- frozen once sent_at is set; null in DRAFT
    pricing          jsonb,
    priced_on        date,
    -- the customer's agreement the snapshot applied (null: none in force)
    agreement_id     uuid,
    submitted_at     timestamptz,
    approved_by      uuid,
    approved_at      timestamptz,
    approval_comment text        check (length(approval_comment) <= 2000),
    sent_at          timestamptz,
    superseded_by    uuid,
    created_at       timestamptz not null default now(),
    updated_at       timestamptz not null default now(),
    -- optimistic lock: every write is "update ... where row_version = :read"
    row_version      integer     not null default 0,
    primary key (tenant_id, id),
    unique (tenant_id, number, version),
    foreign key (tenant_id, project_id) references projects (tenant_id, id),
    foreign key (tenant_id, author_id) references app_users (tenant_id, id),
    foreign key (tenant_id, approved_by) references app_users (tenant_id, id),
    foreign key (tenant_id, superseded_by) references quotes (tenant_id, id),
    foreign key (tenant_id, agreement_id) references agreements (tenant_id, id),
    check ((pricing is null) = (status = 'DRAFT')),
    check (sent_at is not null or status in ('DRAFT', 'PENDING_APPROVAL', 'APPROVED'))
);
create index quotes_project on quotes (tenant_id, project_id);
create index quotes_status on quotes (tenant_id, status);
create index quotes_author on quotes (tenant_id, author_id);
alter table quotes enable row level security;
alter table quotes force row level security;
create policy quotes_tenant on quotes using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

create table quote_options (
    tenant_id uuid    not null references tenants (id),
    id        uuid    not null,
    quote_id  uuid    not null,
    position  integer not null check (position between 0 and 3),
    name      text    not null check (name in ('A', 'B', 'C', 'D')),
    primary key (tenant_id, id),
    unique (tenant_id, quote_id, position),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id) on delete cascade
);
alter table quote_options enable row level security;
alter table quote_options force row level security;
create policy quote_options_tenant on quote_options using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

create table quote_lines (
    tenant_id               uuid          not null references tenants (id),
    id                      uuid          not null,
    option_id               uuid          not null,
    position                integer       not null check (position >= 0),
    instance_type           text          not null check (length(instance_type) between 1 and 100),
    region                  text          not null check (length(region) between 1 and 100),
    billing_mode            text          not null check (billing_mode in ('HOURLY', 'MONTHLY', 'YEARLY', 'SPOT')),
    quantity                integer       not null check (quantity >= 1),
    term_months             integer       not null check (term_months between 1 and 120),
    hours_per_month         integer       not null default 730 check (hours_per_month between 1 and 744),
    manual_discount_percent numeric(5, 2) not null default 0 check (manual_discount_percent between 0 and 100),
    -- "Add from sizing": the saved sizing run and the candidate JSON that justified this line
    sizing_run_id           uuid,
    sizing_snapshot         jsonb,
    primary key (tenant_id, id),
    unique (tenant_id, option_id, position),
    foreign key (tenant_id, option_id) references quote_options (tenant_id, id) on delete cascade,
    foreign key (tenant_id, sizing_run_id) references project_sizing_runs (tenant_id, id)
);
alter table quote_lines enable row level security;
alter table quote_lines force row level security;
create policy quote_lines_tenant on quote_lines using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

create table quote_service_lines (
    tenant_id   uuid           not null references tenants (id),
    id          uuid           not null,
    option_id   uuid           not null,
    position    integer        not null check (position >= 0),
    description text           not null check (length(description) between 1 and 500),
    charge      text           not null check (charge in ('MONTHLY', 'ONE_TIME')),
    amount      numeric(19, 2) not null check (amount >= 0),
    primary key (tenant_id, id),
    unique (tenant_id, option_id, position),
    foreign key (tenant_id, option_id) references quote_options (tenant_id, id) on delete cascade
);
alter table quote_service_lines enable row level security;
alter table quote_service_lines force row level security;
create policy quote_service_lines_tenant on quote_service_lines using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
