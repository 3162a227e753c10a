-- Issue 39: a published list's change counts compare it with the list it replaced: the same provider's published
-- list in force just before it starts (the latest start before its own), not the list numbered version - 1. They
-- differ once a list is published to start before one already scheduled (v2 scheduled next month, v3 from today:
-- v3 replaces v1, and v2 then replaces v3). PriceListRepository.markPublished recounts the new list and the list
-- scheduled right after it (whose predecessor it has become).
create or replace function public.gq_price_list_change_counts(p_tenant uuid, p_list uuid)
    returns table (change_rows integer, change_added integer, change_removed integer, change_changed integer)
    language sql stable set search_path = pg_catalog, public, pg_temp as
$$
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
                                                                  and prev.published_at is not null
                                                                  and prev.id <> l.id
                                                                  and prev.effective_from < l.effective_from
                                      where l.tenant_id = p_tenant and l.id = p_list
                                      order by prev.effective_from desc
                                      limit 1)) o
        on o.instance_type = r.instance_type and o.region = r.region and o.billing_mode = r.billing_mode
$$;

-- every list published so far, recounted (the migration account bypasses RLS)
update price_lists l
set (change_rows, change_added, change_removed, change_changed) =
    (select c.change_rows, c.change_added, c.change_removed, c.change_changed
     from gq_price_list_change_counts(l.tenant_id, l.id) c)
where l.published_at is not null;
