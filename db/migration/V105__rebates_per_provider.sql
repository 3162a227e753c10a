-- Issue 39: a rebate (返点) belongs to one provider and applies only to the option's lines of that provider; an
-- option with lines of two providers carries each provider's rebate (docs/decisions/3903-rebates-per-provider.md).
-- quote_options.rebate_percent stays: it holds the common rebate when all of the option's providers have one, else 0.
create table quote_option_rebates (
    tenant_id      uuid          not null,
    option_id      uuid          not null,
    provider       text          not null references providers (code),
    rebate_percent numeric(5, 2) not null check (rebate_percent between 0 and 50),
    primary key (tenant_id, option_id, provider),
    foreign key (tenant_id, option_id) references quote_options (tenant_id, id) on delete cascade
);
-- the foreign key to providers needs an index leading with its column (DatabaseIndexesTest)
create index quote_option_rebates_provider on quote_option_rebates (provider);
alter table quote_option_rebates enable row level security;
alter table quote_option_rebates force row level security;
create policy quote_option_rebates_tenant on quote_option_rebates using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

-- Backfill (the migration account bypasses RLS): every existing option keeps what its lines earned until now, the
-- option's one rebate, now recorded for each provider of its lines (the provider of a code is the first in the
-- application's order VOLCENGINE, ALIYUN, TENCENT that sells it, as the catalog look-up decides)
insert into quote_option_rebates (tenant_id, option_id, provider, rebate_percent)
select distinct o.tenant_id, o.id, p.provider, o.rebate_percent
from quote_options o
join quote_lines l on l.tenant_id = o.tenant_id and l.option_id = o.id
cross join lateral (
    select t.provider from instance_types t where t.code = l.instance_type
    order by array_position(array['VOLCENGINE', 'ALIYUN', 'TENCENT'], t.provider) nulls last, t.provider
    limit 1) p;
