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

-- The one definition of the counts: the list's rows, and against the provider's previous version (rows match on
-- instance type, region and billing mode, the rows' key) how many were added, removed or re-priced. Run by
-- PriceListRepository.recordChanges at publication (as the runtime role, under RLS) and by the backfill below.
create function public.gq_price_list_change_counts(p_tenant uuid, p_list uuid)
    returns table (change_rows integer, change_added integer, change_removed integer, change_changed integer)
    language sql stable set search_path = pg_catalog, public, pg_temp as
$$
    -- one pass: the list's rows beside the previous version's (unique per tenant, provider and version), matched on
    -- the rows' key; a row without a partner was added (only in the list) or removed (only in the previous version)
    select count(r.instance_type)::integer,
           count(*) filter (where o.instance_type is null)::integer,
           count(*) filter (where r.instance_type is null)::integer,
           count(*) filter (where r.instance_type is not null and o.instance_type is not null
                              and (r.list_price <> o.list_price or r.cost_price <> o.cost_price))::integer
    from (select * from public.price_list_rows where tenant_id = p_tenant and price_list_id = p_list) r
    full join (select * from public.price_list_rows
               where tenant_id = p_tenant
                 and price_list_id = (select prev.id from public.price_lists l
                                      join public.price_lists prev on prev.tenant_id = l.tenant_id
                                                                  and prev.provider = l.provider
                                                                  and prev.version = l.version - 1
                                      where l.tenant_id = p_tenant and l.id = p_list)) o
        on o.instance_type = r.instance_type and o.region = r.region and o.billing_mode = r.billing_mode
$$;

-- every list published so far (the migration account bypasses RLS)
update price_lists l
set (change_rows, change_added, change_removed, change_changed) =
    (select c.change_rows, c.change_added, c.change_removed, c.change_changed
     from gq_price_list_change_counts(l.tenant_id, l.id) c)
where l.published_at is not null;
