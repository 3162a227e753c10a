-- Issue 18: the tenant dashboard at scale (ADR 1855). The dashboard used to parse every pricing snapshot of the
-- period in Java (1.5 s for a year of a large tenant). The figures it needs are now written as narrow rows in the
-- same transaction as the snapshot (QuoteStore.writeHeader), and the dashboard aggregates them in SQL.

-- quote_option_figures: one row per priced option of a quote version, in the snapshot's order (position 0 first).
create table quote_option_figures (
    tenant_id   uuid     not null references tenants (id),
    quote_id    uuid     not null,
    position    smallint not null check (position >= 0),
    name        text     not null,
    -- tax-exclusive subtotal over the term (instance lines, monthly services × term, one-time)
    subtotal    numeric  not null,
    -- instance lines normalised to a month plus monthly services
    monthly_net numeric  not null,
    -- sums over the instance lines of their list and net amounts over the term (the average discount)
    list_total  numeric  not null,
    net_total   numeric  not null,
    -- the margin inputs: net and cost over the term of the instance lines whose cost is known, how many instance
    -- lines there are and how many have no cost (the price list had none)
    revenue            numeric  not null,
    cost               numeric  not null,
    lines              smallint not null,
    lines_without_cost smallint not null,
    primary key (tenant_id, quote_id, position),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id) on delete cascade
);

-- The option the dashboard counts for each quote, copied onto the quote so that a year of quotes is added up from
-- one index without a join: the accepted option of an ACCEPTED quote (set when the customer accepts), otherwise the
-- first (the consultant's lead proposal); all null for a quote without pricing (a draft).
alter table quotes
    add column chosen_option      smallint,
    add column chosen_subtotal    numeric,
    add column chosen_monthly_net numeric,
    add column chosen_list_total  numeric,
    add column chosen_net_total   numeric,
    add column chosen_revenue     numeric,
    add column chosen_cost        numeric,
    add column chosen_lines       smallint,
    add column chosen_lines_without_cost smallint,
    add constraint quotes_chosen_figures check (num_nulls(chosen_option, chosen_subtotal, chosen_monthly_net,
        chosen_list_total, chosen_net_total, chosen_revenue, chosen_cost, chosen_lines, chosen_lines_without_cost)
        in (0, 9));
-- the dashboard's period scan (and the lists' created-on filters, which V49's index served) as index-only scans
drop index quotes_created;
create index quotes_created on quotes (tenant_id, created_at)
    include (status, valid_until, author_id, chosen_subtotal, chosen_list_total, chosen_net_total)
    where status <> 'SUPERSEDED';
-- the accepted quotes of a period (margins, top customers)
create index quotes_accepted_created on quotes (tenant_id, created_at)
    include (id, author_id, project_id, chosen_option, chosen_monthly_net, chosen_revenue, chosen_cost, chosen_lines,
             chosen_lines_without_cost)
    where status = 'ACCEPTED';
-- the dashboard groups by business month: without statistics on the expression PostgreSQL expects every quote to be
-- its own group and sorts the year's quotes instead of hashing a few hundred groups
create statistics quotes_created_month on (date_trunc('month', created_at at time zone 'Asia/Shanghai')) from quotes;

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
    -- the included columns let the margin per GPU model read the chosen option's lines from the index alone
    primary key (tenant_id, quote_id, position, line_no) include (gpu_model, term_amount, cost_term_amount),
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

-- Backfill from the stored snapshots (the migration account bypasses RLS); the accepted option comes from the
-- customer's acceptance, a name the snapshot does not have leaves the first option, as the dashboard did before.
insert into quote_option_figures (tenant_id, quote_id, position, name, subtotal, monthly_net, list_total, net_total,
                                  revenue, cost, lines, lines_without_cost)
select q.tenant_id, q.id, (o.n - 1)::smallint, o.v -> 'view' ->> 'name',
       (o.v -> 'view' -> 'totals' ->> 'subtotal')::numeric,
       (o.v -> 'view' -> 'totals' ->> 'monthlyNet')::numeric,
       coalesce((select sum((l ->> 'listTermAmount')::numeric) from jsonb_array_elements(o.v -> 'view' -> 'lines') l), 0),
       coalesce((select sum((l ->> 'termAmount')::numeric) from jsonb_array_elements(o.v -> 'view' -> 'lines') l), 0),
       0, 0, 0, 0
from quotes q
cross join lateral jsonb_array_elements(q.pricing -> 'options') with ordinality o(v, n)
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

update quote_option_figures f
set revenue = l.revenue, cost = l.cost, lines = l.lines, lines_without_cost = l.lines_without_cost
from (select tenant_id, quote_id, position,
             coalesce(sum(term_amount) filter (where cost_term_amount is not null), 0) as revenue,
             coalesce(sum(cost_term_amount), 0) as cost, count(*) as lines,
             count(*) filter (where cost_term_amount is null) as lines_without_cost
      from quote_line_figures group by tenant_id, quote_id, position) l
where l.tenant_id = f.tenant_id and l.quote_id = f.quote_id and l.position = f.position;

update quotes q
set chosen_option = f.position, chosen_subtotal = f.subtotal, chosen_monthly_net = f.monthly_net,
    chosen_list_total = f.list_total, chosen_net_total = f.net_total, chosen_revenue = f.revenue,
    chosen_cost = f.cost, chosen_lines = f.lines, chosen_lines_without_cost = f.lines_without_cost
from quote_option_figures f
where f.tenant_id = q.tenant_id and f.quote_id = q.id
  and f.position = coalesce((select a.position from quote_option_figures a
                             join portal_acceptances pa on pa.tenant_id = a.tenant_id and pa.quote_id = a.quote_id
                                                       and pa.option_name = a.name
                             where q.status = 'ACCEPTED' and a.tenant_id = q.tenant_id and a.quote_id = q.id
                             order by a.position limit 1), 0);
