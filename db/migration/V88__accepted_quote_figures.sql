-- Issue 18: the dashboard's top customers from one index range (ADR 1855, addendum).
--
-- The top customers summed the accepted quotes of the period per project from quotes_accepted_created, then looked
-- each project's customer up by key: ~4,000 probes of projects for the bench's year, 48–56 ms of the dashboard on the
-- seventh session's machine. An accepted quote is final (V86), and a project never changes customer (ProjectRepository
-- updates name, description and status only). So each accepted quote's customer and chosen monthly value are written
-- once, at acceptance, keyed by the dashboard's window, next to V86's sums per GPU model.
create table quote_accepted_figures (
    tenant_id   uuid        not null references tenants (id),
    created_at  timestamptz not null,
    quote_id    uuid        not null,
    customer_id uuid        not null,
    author_id   uuid,
    -- the chosen option's monthly net (instance lines per month plus monthly services, V83's monthly_net)
    monthly_net numeric     not null,
    primary key (tenant_id, created_at, quote_id) include (customer_id, author_id, monthly_net),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id) on delete cascade
);
-- the foreign key's cascade finds a quote's row
create index quote_accepted_figures_quote on quote_accepted_figures (tenant_id, quote_id);

alter table quote_accepted_figures enable row level security;
alter table quote_accepted_figures force row level security;
create policy quote_accepted_figures_tenant on quote_accepted_figures using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- Backfill: the quotes accepted so far (QuoteFiguresRepository.recordAccepted writes the same at acceptance;
-- DashboardFiguresTest compares the two)
insert into quote_accepted_figures (tenant_id, created_at, quote_id, customer_id, author_id, monthly_net)
select q.tenant_id, q.created_at, q.id, p.customer_id, q.author_id, q.chosen_monthly_net
from quotes q
join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id
where q.status = 'ACCEPTED' and q.chosen_option is not null;
