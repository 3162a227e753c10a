-- Issue 18: deleting a departing reseller (TenantDataService.delete, platform admin only) failed as soon as the
-- tenant had published a price list or one of its customers had accepted a quote: those rows are final (V12's
-- price_list_rows_draft_only, V41's gq_portal_acceptance_immutable refuse every delete). They stay final for every
-- other purpose; the one delete allowed is the tenant deletion itself: the tenant is suspended (the service refuses
-- to delete an active one) and the deleting transaction names it in app.deleting_tenant (set by
-- TenantDataRepository.deleteAll, for that transaction only).
create function gq_deleting_tenant(p_tenant uuid) returns boolean
    language sql stable as
$$
select current_setting('app.deleting_tenant', true) = p_tenant::text
       and exists (select 1 from tenants t where t.id = p_tenant and t.status = 'SUSPENDED')
$$;

create or replace function gq_portal_acceptance_immutable() returns trigger
    language plpgsql as
$$
begin
    if tg_op = 'DELETE' and gq_deleting_tenant(old.tenant_id) then
        return old;
    end if;
    raise exception 'portal acceptances are final and cannot be changed';
end
$$;

create or replace function price_list_rows_draft_only() returns trigger
    language plpgsql as
$$
declare
    v_status text;
    v_list   uuid := case when tg_op = 'DELETE' then old.price_list_id else new.price_list_id end;
    v_tenant uuid := case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end;
begin
    if tg_op = 'DELETE' and gq_deleting_tenant(v_tenant) then
        return old;
    end if;
    select status into v_status from price_lists where tenant_id = v_tenant and id = v_list;
    if v_status is not null and v_status <> 'DRAFT' then
        raise exception 'price list % is % and its rows cannot change', v_list, v_status
            using errcode = 'check_violation';
    end if;
    return case when tg_op = 'DELETE' then old else new end;
end
$$;
