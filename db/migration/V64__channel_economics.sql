-- Issue 16: channel economics per option (docs/decisions/1602-channel-economics.md).
-- Provider vouchers (代金券): named CNY amounts credited on the customer's bill, provider-funded.
-- Reseller rebate (返点): percent of the provider list price over the term paid back to the reseller;
-- reseller income, never shown to the customer.
-- (V63 is reserved for another branch; renumber when merging if needed.)
alter table quote_options
    add column rebate_percent numeric(5, 2) not null default 0 check (rebate_percent between 0 and 50);

create table quote_option_vouchers (
    tenant_id uuid          not null references tenants (id),
    id        uuid          not null,
    option_id uuid          not null,
    position  integer       not null check (position >= 0),
    name      text          not null check (length(name) between 1 and 200),
    amount    numeric(19, 2) not null check (amount > 0),
    primary key (tenant_id, id),
    unique (tenant_id, option_id, position),
    foreign key (tenant_id, option_id) references quote_options (tenant_id, id) on delete cascade
);
alter table quote_option_vouchers enable row level security;
alter table quote_option_vouchers force row level security;
create policy quote_option_vouchers_tenant on quote_option_vouchers using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
