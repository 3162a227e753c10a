-- Issue 39: governed vouchers and below-cost approvals (docs/decisions/3902-governed-vouchers.md).
-- A voucher (代金券) may carry the provider's voucher reference; a tenant admin confirms it (who, when), and only a
-- confirmed voucher lowers the reseller's cost. A confirmation needs a reference.
alter table quote_option_vouchers
    add column reference    text check (reference is null or length(reference) between 1 and 200),
    add column confirmed_by uuid,
    add column confirmed_at timestamptz,
    add constraint quote_option_vouchers_confirmation check (
        (confirmed_by is null) = (confirmed_at is null) and (confirmed_at is null or reference is not null)),
    add constraint quote_option_vouchers_confirmed_by foreign key (tenant_id, confirmed_by)
        references app_users (tenant_id, id);

-- The tenant's voucher policy: the share of an option's subtotal a consultant may give as unconfirmed vouchers
-- without approval (no row: the default, 10 %).
create table voucher_policies (
    tenant_id              uuid          not null references tenants (id),
    consultant_cap_percent numeric(5, 2) not null check (consultant_cap_percent between 0 and 100),
    updated_by             uuid          not null,
    updated_at             timestamptz   not null,
    primary key (tenant_id),
    foreign key (tenant_id, updated_by) references app_users (tenant_id, id)
);
alter table voucher_policies enable row level security;
alter table voucher_policies force row level security;
create policy voucher_policies_tenant on voucher_policies using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- The consultant's written justification of a quote submitted with an option below cost (negative margin), which
-- the approver reads; one per quote version, replaced at each submit.
create table quote_below_cost_justifications (
    tenant_id     uuid        not null,
    quote_id      uuid        not null,
    justification text        not null check (length(justification) between 1 and 2000),
    submitted_by  uuid        not null,
    submitted_at  timestamptz not null,
    primary key (tenant_id, quote_id),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id) on delete cascade,
    foreign key (tenant_id, submitted_by) references app_users (tenant_id, id)
);
alter table quote_below_cost_justifications enable row level security;
alter table quote_below_cost_justifications force row level security;
create policy quote_below_cost_justifications_tenant on quote_below_cost_justifications
    using (tenant_id = gq_current_tenant()) with check (tenant_id = gq_current_tenant());

-- the foreign keys' lookups (DatabaseIndexesTest)
create index quote_option_vouchers_confirmed_by_idx on quote_option_vouchers (tenant_id, confirmed_by);
create index quote_below_cost_justifications_submitted_by_idx on quote_below_cost_justifications (tenant_id, submitted_by);
