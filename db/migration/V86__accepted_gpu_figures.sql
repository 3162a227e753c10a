-- Issue 18: the tenant dashboard's margin per GPU model from one index range (ADR 1855, addendum).
--
-- The margin per GPU model summed the chosen option's lines of every accepted quote of the period: one probe of
-- quote_line_figures per accepted quote (5,028 probes, 25,140 lines for the bench's year; ~40 ms of the dashboard's
-- ~100 ms on the sixth session's machine). ACCEPTED is final (no transition of quote.domain.Quote leaves it), and so
-- are an accepted quote's chosen option, creation time, author and figures: the per-model
-- sums of an accepted quote are written once, at acceptance, keyed by the dashboard's window (tenant, creation time).
-- The dashboard then reads one range of one index. gpu_model is '' when the catalog did not know the instance type's
-- GPU when the quote was priced (quote_line_figures.gpu_model null), so that it can be part of the key.
create table quote_accepted_gpu_figures (
    tenant_id          uuid        not null references tenants (id),
    created_at         timestamptz not null,
    quote_id           uuid        not null,
    gpu_model          text        not null,
    author_id          uuid,
    -- as V83's option figures: net over the term of the lines whose cost is known, their cost, lines without cost
    revenue            numeric     not null,
    cost               numeric     not null,
    lines_without_cost smallint    not null,
    primary key (tenant_id, created_at, quote_id, gpu_model)
        include (author_id, revenue, cost, lines_without_cost),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id) on delete cascade
);
-- the foreign key's cascade and the acceptance's write find a quote's rows
create index quote_accepted_gpu_figures_quote on quote_accepted_gpu_figures (tenant_id, quote_id);

alter table quote_accepted_gpu_figures enable row level security;
alter table quote_accepted_gpu_figures force row level security;
create policy quote_accepted_gpu_figures_tenant on quote_accepted_gpu_figures using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- Backfill: the quotes accepted so far, from the figures V83 wrote (the application writes the same at acceptance,
-- QuoteFiguresRepository.recordAccepted; DashboardFiguresTest compares the two)
insert into quote_accepted_gpu_figures (tenant_id, created_at, quote_id, gpu_model, author_id, revenue, cost,
                                        lines_without_cost)
select q.tenant_id, q.created_at, q.id, coalesce(l.gpu_model, ''), q.author_id,
       coalesce(sum(l.term_amount) filter (where l.cost_term_amount is not null), 0),
       coalesce(sum(l.cost_term_amount), 0),
       count(*) filter (where l.cost_term_amount is null)
from quotes q
join quote_line_figures l on l.tenant_id = q.tenant_id and l.quote_id = q.id and l.position = q.chosen_option
where q.status = 'ACCEPTED'
group by q.tenant_id, q.created_at, q.id, coalesce(l.gpu_model, ''), q.author_id;
