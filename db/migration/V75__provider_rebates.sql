-- Issue 16: a tenant's default reseller rebate (返点) per cloud provider, in percent of the provider's list price.
-- A new quote option whose lines are of one provider starts with that provider's rebate (ADR 1602); the option keeps
-- its own rebate afterwards (quote_options.rebate_percent), so changing a default moves no existing quote.
create table provider_rebates (
    tenant_id      uuid         not null references tenants (id),
    provider       text         not null references providers (code),
    rebate_percent numeric(5,2) not null check (rebate_percent >= 0 and rebate_percent <= 50),
    primary key (tenant_id, provider)
);
-- the foreign key to providers needs an index leading with its column (DatabaseIndexesTest)
create index provider_rebates_provider on provider_rebates (provider);
alter table provider_rebates enable row level security;
alter table provider_rebates force row level security;
create policy provider_rebates_tenant on provider_rebates using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
