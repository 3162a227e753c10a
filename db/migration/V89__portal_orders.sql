-- Issue 18: the orders list and the orders CSV without parsing the accepted snapshots.
--
-- An order (PortalOrders) is the option the customer accepted, as frozen in portal_acceptances.snapshot: the list
-- and the CSV parsed every accepted snapshot's JSON (the whole quote: every option, line, sizing fit and billing-mode
-- comparison) to read one option's lines. An export of 10,000 orders did so 10,000 times. An acceptance is final
-- (trigger portal_acceptances_immutable), so is its snapshot: the order's header and the accepted option's lines are
-- written once, at acceptance, next to it (CustomerPortal.accept), and read as rows. The snapshot stays the record of
-- what the customer saw (its SHA-256 is in the receipt).
create table portal_orders (
    tenant_id     uuid    not null references tenants (id),
    quote_id      uuid    not null,
    quote_number  text    not null,
    quote_version integer not null,
    customer_name text    not null,
    project_name  text    not null,
    currency      text    not null,
    -- the accepted option's totals as the customer saw them
    monthly_net   numeric not null,
    grand_total   numeric not null,
    primary key (tenant_id, quote_id),
    foreign key (tenant_id, quote_id) references portal_acceptances (tenant_id, quote_id)
);

-- The accepted option's instance lines (positions 1..n, the snapshot's order), then its service lines (n+1..).
create table portal_order_lines (
    tenant_id       uuid     not null references tenants (id),
    quote_id        uuid     not null,
    position        smallint not null check (position >= 1),
    line_type       text     not null check (line_type in ('instance', 'service')),
    instance_type   text,
    region          text,
    billing_mode    text,
    quantity        integer,
    term_months     integer,
    hours_per_month integer,
    unit_price      numeric,
    monthly_amount  numeric,
    term_amount     numeric,
    description     text,
    charge          text,
    amount          numeric,
    primary key (tenant_id, quote_id, position),
    foreign key (tenant_id, quote_id) references portal_orders (tenant_id, quote_id),
    check ((line_type = 'instance' and instance_type is not null and region is not null and billing_mode is not null
               and quantity is not null and term_months is not null and hours_per_month is not null
               and unit_price is not null and monthly_amount is not null and term_amount is not null
               and description is null and charge is null and amount is null)
        or (line_type = 'service' and description is not null and charge is not null and amount is not null
               and instance_type is null and region is null and billing_mode is null and quantity is null
               and term_months is null and hours_per_month is null and unit_price is null
               and monthly_amount is null and term_amount is null))
);

alter table portal_orders enable row level security;
alter table portal_orders force row level security;
create policy portal_orders_tenant on portal_orders using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
alter table portal_order_lines enable row level security;
alter table portal_order_lines force row level security;
create policy portal_order_lines_tenant on portal_order_lines using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- Backfill: the orders accepted so far, from their snapshots (CustomerPortal.accept writes the same at acceptance;
-- PortalOrderRowsTest compares the two). Jackson writes the snapshot's amounts as JSON numbers with their scale,
-- which jsonb's numeric keeps.
insert into portal_orders (tenant_id, quote_id, quote_number, quote_version, customer_name, project_name, currency,
                           monthly_net, grand_total)
select a.tenant_id, a.quote_id, s.doc ->> 'number', (s.doc ->> 'version')::integer, s.doc ->> 'customerName',
       s.doc ->> 'projectName', s.doc ->> 'currency', (o.option -> 'totals' ->> 'monthlyNet')::numeric,
       (o.option -> 'totals' ->> 'grandTotal')::numeric
from portal_acceptances a
cross join lateral (select a.snapshot::jsonb as doc) s
cross join lateral jsonb_array_elements(s.doc -> 'options') o (option)
where o.option ->> 'id' = a.option_id::text;

insert into portal_order_lines (tenant_id, quote_id, position, line_type, instance_type, region, billing_mode, quantity,
                                term_months, hours_per_month, unit_price, monthly_amount, term_amount)
select a.tenant_id, a.quote_id, l.n, 'instance', l.line ->> 'instanceType', l.line ->> 'region',
       l.line ->> 'billingMode', (l.line ->> 'quantity')::integer, (l.line ->> 'termMonths')::integer,
       (l.line ->> 'hoursPerMonth')::integer, (l.line ->> 'unitPrice')::numeric,
       (l.line ->> 'monthlyAmount')::numeric, (l.line ->> 'termAmount')::numeric
from portal_acceptances a
cross join lateral jsonb_array_elements(a.snapshot::jsonb -> 'options') o (option)
cross join lateral jsonb_array_elements(o.option -> 'lines') with ordinality l (line, n)
where o.option ->> 'id' = a.option_id::text;

insert into portal_order_lines (tenant_id, quote_id, position, line_type, description, charge, amount)
select a.tenant_id, a.quote_id, jsonb_array_length(o.option -> 'lines') + v.n, 'service',
       v.service ->> 'description', v.service ->> 'charge', (v.service ->> 'amount')::numeric
from portal_acceptances a
cross join lateral jsonb_array_elements(a.snapshot::jsonb -> 'options') o (option)
cross join lateral jsonb_array_elements(o.option -> 'services') with ordinality v (service, n)
where o.option ->> 'id' = a.option_id::text;
