-- Negotiated pricing: a customer's agreements. Rules are kept as a JSONB array in the shape of the REST body
-- (validated in the domain, com.gpuquote.customer.Agreement). No two agreements of one customer overlap.

create extension if not exists btree_gist;

create table agreements (
    tenant_id   uuid        not null references tenants (id),
    id          uuid        not null,
    customer_id uuid        not null,
    name        text        not null check (length(name) between 1 and 200),
    valid_from  date        not null,
    valid_to    date,
    rules       jsonb       not null default '[]' check (jsonb_typeof(rules) = 'array'),
    created_by  uuid,
    created_at  timestamptz not null default now(),
    updated_at  timestamptz not null default now(),
    version     integer     not null default 0,
    primary key (tenant_id, id),
    foreign key (tenant_id, customer_id) references customers (tenant_id, id),
    foreign key (tenant_id, created_by) references app_users (tenant_id, id),
    check (valid_to is null or valid_to >= valid_from),
    -- both ends inclusive; valid_to null = open-ended
    constraint agreements_no_overlap exclude using gist (
        tenant_id with =, customer_id with =, daterange(valid_from, valid_to, '[]') with &&)
);
create index agreements_customer on agreements (tenant_id, customer_id, valid_from);
alter table agreements enable row level security;
alter table agreements force row level security;
create policy agreements_tenant on agreements using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
