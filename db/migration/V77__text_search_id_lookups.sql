-- Issue 18: the text searches of the quote, customer and project lists find their ids through SECURITY DEFINER
-- lookups, so that the trigram indexes of V76 can serve them (docs/decisions/1853-lists-and-searches-at-scale.md).
-- Under the runtime role, row-level security applies, and PostgreSQL evaluates a condition ahead of the RLS policy
-- (as an index condition) only if its operators are LEAKPROOF; ILIKE is not, so the trigram indexes ended up as
-- filters over every row of the tenant. The lookups run as gpuquote_definer (BYPASSRLS, ADR 1101), take NO tenant
-- argument and filter on tenant_id = gq_current_tenant() themselves: without a tenant set they answer nothing (fail
-- closed), with one only that tenant's ids. They return ids only; the callers join them to the RLS-protected tables.
-- The pattern is the caller's (SqlLike.contains: wildcards escaped). The statements run through EXECUTE … USING so
-- that they are planned with the pattern known (a two-character pattern has no trigram: the tenant-first btree
-- indexes serve it instead of a full GIN scan).

-- the credit code is searched as well (CustomerRepository); V76 indexed only names and contacts
create index customers_credit_code_trgm on customers using gin (tenant_id, credit_code gin_trgm_ops);

grant select (id, tenant_id, number, project_id) on public.quotes to gpuquote_definer;
grant select (id, tenant_id, name, customer_id) on public.projects to gpuquote_definer;
grant select (id, tenant_id, name, credit_code) on public.customers to gpuquote_definer;
grant select (tenant_id, customer_id, name, email) on public.customer_contacts to gpuquote_definer;
grant execute on function public.gq_current_tenant() to gpuquote_definer;

-- Quotes (any version) whose number, project name or customer name contains the text. Quote numbers hold only
-- Q, digits and hyphens (check constraint of V32): a pattern with any other literal character (not a wildcard or the
-- escape character) cannot match one, so the number is not searched then (a two-character Chinese term would
-- otherwise read every quote number of the tenant: it has no trigram).
create function public.gq_quote_ids_matching(p_like text)
    returns setof uuid
    language plpgsql stable security definer set search_path = pg_catalog, public, pg_temp rows 100 as
$$
declare
    t uuid := public.gq_current_tenant();
begin
    if t is null or p_like is null then
        return;
    end if;
    return query execute
        case when p_like !~ '[^Qq0-9%_\\-]' then $q$
        select qn.id from public.quotes qn where qn.tenant_id = $1 and qn.number ilike $2
        union $q$ else '' end || $q$
        select qp.id from public.quotes qp where qp.tenant_id = $1 and qp.project_id in (
            select pn.id from public.projects pn where pn.tenant_id = $1 and pn.name ilike $2
            union
            select pc.id from public.projects pc where pc.tenant_id = $1 and pc.customer_id in (
                select cn.id from public.customers cn where cn.tenant_id = $1 and cn.name ilike $2))$q$
        using t, p_like;
end
$$;
alter function public.gq_quote_ids_matching(text) owner to gpuquote_definer;

-- Customers whose name or credit code, or one of whose contacts' name or e-mail, contains the text.
create function public.gq_customer_ids_matching(p_like text)
    returns setof uuid
    language plpgsql stable security definer set search_path = pg_catalog, public, pg_temp rows 100 as
$$
declare
    t uuid := public.gq_current_tenant();
begin
    if t is null or p_like is null then
        return;
    end if;
    return query execute $q$
        select c.id from public.customers c where c.tenant_id = $1 and c.name ilike $2
        union
        select c.id from public.customers c where c.tenant_id = $1 and c.credit_code ilike $2
        union
        select k.customer_id from public.customer_contacts k where k.tenant_id = $1 and k.name ilike $2
        union
        select k.customer_id from public.customer_contacts k where k.tenant_id = $1 and k.email ilike $2$q$
        using t, p_like;
end
$$;
alter function public.gq_customer_ids_matching(text) owner to gpuquote_definer;

-- Projects whose name or customer's name contains the text.
create function public.gq_project_ids_matching(p_like text)
    returns setof uuid
    language plpgsql stable security definer set search_path = pg_catalog, public, pg_temp rows 100 as
$$
declare
    t uuid := public.gq_current_tenant();
begin
    if t is null or p_like is null then
        return;
    end if;
    return query execute $q$
        select pn.id from public.projects pn where pn.tenant_id = $1 and pn.name ilike $2
        union
        select pc.id from public.projects pc where pc.tenant_id = $1 and pc.customer_id in (
            select cn.id from public.customers cn where cn.tenant_id = $1 and cn.name ilike $2)$q$
        using t, p_like;
end
$$;
alter function public.gq_project_ids_matching(text) owner to gpuquote_definer;

-- Nobody but the runtime role (granted by DatabaseBootstrap) calls them.
revoke execute on function public.gq_quote_ids_matching(text) from public;
revoke execute on function public.gq_customer_ids_matching(text) from public;
revoke execute on function public.gq_project_ids_matching(text) from public;
