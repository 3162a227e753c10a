-- Customers of a reseller, their contacts, projects, and the sizing runs saved on a project.

create table customers (
    tenant_id       uuid        not null references tenants (id),
    id              uuid        not null,
    name            text        not null check (length(name) between 1 and 200),
    credit_code     text        check (credit_code ~ '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$'),
    billing_address text        not null default '' check (length(billing_address) <= 500),
    language        text        not null default 'zh-CN' check (language in ('zh-CN', 'en')),
    owner_id        uuid,
    notes           text        not null default '' check (length(notes) <= 4000),
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now(),
    version         integer     not null default 0,
    primary key (tenant_id, id),
    unique (tenant_id, credit_code),
    foreign key (tenant_id, owner_id) references app_users (tenant_id, id)
);
create index customers_name on customers (tenant_id, lower(name));
alter table customers enable row level security;
alter table customers force row level security;
create policy customers_tenant on customers using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

create table customer_contacts (
    tenant_id   uuid    not null references tenants (id),
    id          uuid    not null,
    customer_id uuid    not null,
    position    integer not null,
    name        text    not null check (length(name) between 1 and 200),
    email       text    check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
    phone       text    check (length(phone) <= 40),
    role        text    check (length(role) <= 100),
    primary key (tenant_id, id),
    unique (tenant_id, customer_id, position),
    foreign key (tenant_id, customer_id) references customers (tenant_id, id) on delete cascade
);
alter table customer_contacts enable row level security;
alter table customer_contacts force row level security;
create policy customer_contacts_tenant on customer_contacts using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

create table projects (
    tenant_id   uuid        not null references tenants (id),
    id          uuid        not null,
    customer_id uuid        not null,
    name        text        not null check (length(name) between 1 and 200),
    description text        not null default '' check (length(description) <= 4000),
    status      text        not null default 'OPEN' check (status in ('OPEN', 'WON', 'LOST', 'ON_HOLD')),
    created_by  uuid,
    created_at  timestamptz not null default now(),
    updated_at  timestamptz not null default now(),
    version     integer     not null default 0,
    primary key (tenant_id, id),
    foreign key (tenant_id, customer_id) references customers (tenant_id, id),
    foreign key (tenant_id, created_by) references app_users (tenant_id, id)
);
create index projects_customer on projects (tenant_id, customer_id);
alter table projects enable row level security;
alter table projects force row level security;
create policy projects_tenant on projects using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- A sizing run kept on a project: the input and the result as they were, so a quote line can cite them later.
create table project_sizing_runs (
    tenant_id  uuid        not null references tenants (id),
    id         uuid        not null,
    project_id uuid        not null,
    name       text        not null check (length(name) between 1 and 200),
    input      jsonb       not null,
    result     jsonb       not null,
    created_by uuid,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade,
    foreign key (tenant_id, created_by) references app_users (tenant_id, id)
);
alter table project_sizing_runs enable row level security;
alter table project_sizing_runs force row level security;
create policy project_sizing_runs_tenant on project_sizing_runs using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
