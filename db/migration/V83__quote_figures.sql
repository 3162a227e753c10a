-- Issue 18: the tenant dashboard at scale (ADR 1855). The dashboard used to parse every pricing snapshot of the
-- period in Java (1.5 s for a year of a large tenant). The figures it needs are now written as narrow rows in the
-- same transaction as the snapshot (QuoteStore.writeHeader), and the dashboard aggregates them in SQL.
--
-- quote_option_figures: one row per priced option of a quote version, in the snapshot's order (position 0 first).
-- chosen marks the option the dashboard counts: the accepted option of an ACCEPTED quote (set when the customer
-- accepts), otherwise the first (the consultant's lead proposal). Exactly one per priced quote.
create table quote_option_figures (
    tenant_id   uuid     not null references tenants (id),
    quote_id    uuid     not null,
    position    smallint not null check (position >= 0),
    name        text     not null,
    chosen      boolean  not null,
    -- tax-exclusive subtotal over the term (instance lines, monthly services × term, one-time)
    subtotal    numeric  not null,
    -- instance lines normalised to a month plus monthly services
    monthly_net numeric  not null,
    -- sums over the instance lines of their list and net amounts over the term (the average discount)
    list_total  numeric  not null,
    net_total   numeric  not null,
    primary key (tenant_id, quote_id, position),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id) on delete cascade
);
-- the dashboard joins each quote of the period to its chosen option
create unique index quote_option_figures_chosen on quote_option_figures (tenant_id, quote_id)
    include (subtotal, monthly_net, list_total, net_total) where chosen;

-- quote_line_figures: the instance lines of each option, for the margin of accepted quotes per GPU model and per
-- consultant. gpu_model is the catalog's GPU model of the instance type when the quote was priced (null when the
-- type was not in the catalog); cost_term_amount is null when the price list had no cost for the line.
create table quote_line_figures (
    tenant_id        uuid     not null references tenants (id),
    quote_id         uuid     not null,
    position         smallint not null,
    line_no          smallint not null check (line_no >= 0),
    instance_type    text     not null,
    gpu_model        text,
    term_amount      numeric  not null,
    cost_term_amount numeric,
    primary key (tenant_id, quote_id, position, line_no),
    foreign key (tenant_id, quote_id, position) references quote_option_figures (tenant_id, quote_id, position)
        on delete cascade
);

alter table quote_option_figures enable row level security;
alter table quote_option_figures force row level security;
create policy quote_option_figures_tenant on quote_option_figures using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
alter table quote_line_figures enable row level security;
alter table quote_line_figures force row level security;
create policy quote_line_figures_tenant on quote_line_figures using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- Backfill from the stored snapshots (the migration account bypasses RLS). The accepted option comes from the
-- customer's acceptance; a name the snapshot does not have falls back to the first option, as the dashboard did.
insert into quote_option_figures (tenant_id, quote_id, position, name, chosen, subtotal, monthly_net, list_total,
                                  net_total)
select q.tenant_id, q.id, (o.n - 1)::smallint, o.v -> 'view' ->> 'name',
       case when a.option_name is not null
                 and exists (select 1 from jsonb_array_elements(q.pricing -> 'options') x
                             where x -> 'view' ->> 'name' = a.option_name)
            then o.v -> 'view' ->> 'name' = a.option_name
            else o.n = 1 end,
       (o.v -> 'view' -> 'totals' ->> 'subtotal')::numeric,
       (o.v -> 'view' -> 'totals' ->> 'monthlyNet')::numeric,
       coalesce((select sum((l ->> 'listTermAmount')::numeric) from jsonb_array_elements(o.v -> 'view' -> 'lines') l), 0),
       coalesce((select sum((l ->> 'termAmount')::numeric) from jsonb_array_elements(o.v -> 'view' -> 'lines') l), 0)
from quotes q
cross join lateral jsonb_array_elements(q.pricing -> 'options') with ordinality o(v, n)
left join portal_acceptances a on q.status = 'ACCEPTED' and a.tenant_id = q.tenant_id and a.quote_id = q.id
where q.pricing is not null and jsonb_typeof(q.pricing -> 'options') = 'array';

insert into quote_line_figures (tenant_id, quote_id, position, line_no, instance_type, gpu_model, term_amount,
                                cost_term_amount)
select q.tenant_id, q.id, (o.n - 1)::smallint, (l.n - 1)::smallint, l.v ->> 'instanceType',
       (select it.gpu_model from instance_types it where it.code = l.v ->> 'instanceType' order by it.provider limit 1),
       (l.v ->> 'termAmount')::numeric,
       (select (m ->> 'costTermAmount')::numeric
        from jsonb_array_elements(case when jsonb_typeof(o.v -> 'margin' -> 'lines') = 'array'
                                       then o.v -> 'margin' -> 'lines' else '[]'::jsonb end) m
        where m ->> 'lineId' = l.v ->> 'id' limit 1)
from quotes q
cross join lateral jsonb_array_elements(q.pricing -> 'options') with ordinality o(v, n)
cross join lateral jsonb_array_elements(o.v -> 'view' -> 'lines') with ordinality l(v, n)
where q.pricing is not null and jsonb_typeof(q.pricing -> 'options') = 'array';
