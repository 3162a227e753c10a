-- Issue 16: options saved as reusable templates ("8 × A800 training node, monthly"), shared by the tenant's staff.
-- The option is kept as JSON in the shape of the quote API's option body (lines and service lines without ids or
-- sizing references: a template is re-priced when it is used).
create table quote_templates (
    tenant_id  uuid        not null references tenants (id),
    id         uuid        not null,
    name       text        not null check (length(name) between 1 and 100 and name !~ '[\r\n]'),
    option     jsonb       not null,
    created_by uuid        not null,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id),
    unique (tenant_id, name)
);
alter table quote_templates enable row level security;
alter table quote_templates force row level security;
create policy quote_templates_tenant on quote_templates using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
