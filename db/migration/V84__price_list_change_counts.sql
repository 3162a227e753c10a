-- Issue 18: the tenant dashboard's price-list changes at scale (ADR 1855). Each publication's row differences against
-- the provider's previous version were counted on every dashboard read: eleven publications of ~10,000 rows in the
-- default year took 257 ms at scale. A published list's rows never change again (price_list_rows_draft_only), and
-- its previous version is fixed when it is published (versions are numbered at publication), so the counts are taken
-- once, when the list is published (PriceListRepository.markPublished), and stored here; null for drafts.
alter table price_lists
    add column change_rows    integer,
    add column change_added   integer,
    add column change_removed integer,
    add column change_changed integer,
    add constraint price_lists_change_counts check (num_nulls(change_rows, change_added, change_removed, change_changed)
        in (0, 4));

-- every list published so far (the migration account bypasses RLS); the same counts as PriceListRepository's
update price_lists l
set change_rows = (select count(*) from price_list_rows r where r.tenant_id = l.tenant_id and r.price_list_id = l.id),
    change_added = (select count(*) from price_list_rows r
                    where r.tenant_id = l.tenant_id and r.price_list_id = l.id
                      and not exists (select 1 from price_list_rows o
                                      where o.tenant_id = r.tenant_id and o.price_list_id = prev.id
                                        and o.instance_type = r.instance_type and o.region = r.region
                                        and o.billing_mode = r.billing_mode)),
    change_removed = (select count(*) from price_list_rows o
                      where o.tenant_id = l.tenant_id and o.price_list_id = prev.id
                        and not exists (select 1 from price_list_rows r
                                        where r.tenant_id = o.tenant_id and r.price_list_id = l.id
                                          and r.instance_type = o.instance_type and r.region = o.region
                                          and r.billing_mode = o.billing_mode)),
    change_changed = (select count(*) from price_list_rows r
                      join price_list_rows o on o.tenant_id = r.tenant_id and o.price_list_id = prev.id
                                            and o.instance_type = r.instance_type and o.region = r.region
                                            and o.billing_mode = r.billing_mode
                      where r.tenant_id = l.tenant_id and r.price_list_id = l.id
                        and (r.list_price <> o.list_price or r.cost_price <> o.cost_price))
from price_lists self
left join price_lists prev on prev.tenant_id = self.tenant_id and prev.provider = self.provider
                          and prev.version = self.version - 1
where self.tenant_id = l.tenant_id and self.id = l.id and l.published_at is not null;
