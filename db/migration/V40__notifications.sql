-- In-app notifications for users of a tenant (the bell), e.g. a customer viewed or accepted a quote.
create table notifications (
    tenant_id  uuid        not null references tenants (id),
    id         uuid        not null,
    user_id    uuid        not null,
    kind       text        not null check (length(kind) between 1 and 60),
    params     jsonb       not null default '{}'::jsonb,
    link       text        check (length(link) <= 500),
    created_at timestamptz not null default now(),
    read_at    timestamptz,
    primary key (tenant_id, id),
    foreign key (tenant_id, user_id) references app_users (tenant_id, id)
);
create index notifications_unread on notifications (tenant_id, user_id, created_at desc) where read_at is null;
alter table notifications enable row level security;
alter table notifications force row level security;
create policy notifications_tenant on notifications using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
