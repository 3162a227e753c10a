-- Issue 16: renewals. An accepted quote's subscription lines (MONTHLY, YEARLY) end their term after the acceptance;
-- 30 and 7 days before an end date the consultant is told once (this table makes "once" hold with several app
-- instances: the reminder is the insert that wins). A renewal quote remembers the accepted quote it renews.
create table renewal_reminders (
    tenant_id   uuid        not null references tenants (id),
    quote_id    uuid        not null,
    end_date    date        not null,
    days_before integer     not null check (days_before in (30, 7)),
    notified_at timestamptz not null default now(),
    primary key (tenant_id, quote_id, end_date, days_before),
    foreign key (tenant_id, quote_id) references quotes (tenant_id, id) on delete cascade
);
alter table renewal_reminders enable row level security;
alter table renewal_reminders force row level security;
create policy renewal_reminders_tenant on renewal_reminders using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

alter table quotes add column renewal_of uuid;
alter table quotes add constraint quotes_renewal_of_fk foreign key (tenant_id, renewal_of) references quotes (tenant_id, id);
create index quotes_renewal_of on quotes (tenant_id, renewal_of) where renewal_of is not null;
create index quotes_accepted on quotes (tenant_id) where status = 'ACCEPTED';
