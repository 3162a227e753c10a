-- Issue 16: approval tiers by discount depth and the approval chain of a quote.
-- A tenant's tiers: beyond discount_percent_above % off list a step taken by someone with `role`. No rows (the
-- default) keeps the single tenant-admin approval of a quote below the margin floor.
create table approval_tiers (
    tenant_id              uuid         not null references tenants (id),
    discount_percent_above numeric(5,2) not null check (discount_percent_above >= 0 and discount_percent_above <= 100),
    role                   text         not null check (role in ('TENANT_ADMIN', 'APPROVER')),
    primary key (tenant_id, discount_percent_above)
);
alter table approval_tiers enable row level security;
alter table approval_tiers force row level security;
create policy approval_tiers_tenant on approval_tiers using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- The steps a submitted quote below the floor needs, written at submit (so later changes to the tiers do not move a
-- quote already waiting) and each decided once: approver null = waiting. The conditional update of one row is what
-- makes two concurrent approvals of the same step count once; (tenant_id, quote_id, step) is the key.
create table quote_approvals (
    tenant_id  uuid        not null references tenants (id),
    quote_id   uuid        not null,
    step       integer     not null check (step >= 1),
    role       text        not null check (role in ('TENANT_ADMIN', 'APPROVER')),
    approver   uuid,
    decided_at timestamptz,
    comment    varchar(2000),
    primary key (tenant_id, quote_id, step),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id) on delete cascade,
    foreign key (tenant_id, approver) references app_users (tenant_id, id),
    check ((approver is null) = (decided_at is null))
);
create index quote_approvals_approver on quote_approvals (tenant_id, approver) where approver is not null;
alter table quote_approvals enable row level security;
alter table quote_approvals force row level security;
create policy quote_approvals_tenant on quote_approvals using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
