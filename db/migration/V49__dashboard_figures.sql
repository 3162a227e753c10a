-- Dashboards (issue 17): indexes for the tenant admin's aggregate reads (tenant first), and the platform
-- administrator's per-tenant quote counts across RLS (docs/decisions/1750-dashboards-and-platform-counts.md).

-- Quotes created in a period (current versions only), optionally of one consultant.
create index quotes_created on quotes (tenant_id, created_at) where status <> 'SUPERSEDED';
create index quotes_author_created on quotes (tenant_id, author_id, created_at) where status <> 'SUPERSEDED';
-- Price-list publications in a period.
create index price_lists_published on price_lists (tenant_id, published_at) where published_at is not null;

-- Per tenant: current quote versions and the latest change of any quote; nothing else of a quote. Owned, like the
-- credential lookups (V47, ADR 1101), by gpuquote_definer, which may read only the three columns below (no prices,
-- no customer, no pricing snapshot). Answers nothing unless the caller's transaction is a platform administrator's
-- (app.platform, set by the tenant-aware transaction manager).
grant select (tenant_id, status, updated_at) on public.quotes to gpuquote_definer;
grant execute on function public.gq_is_platform() to gpuquote_definer;

create function public.gq_platform_quote_counts()
    returns table (tenant_id uuid, quote_count bigint, last_change timestamptz)
    language sql stable security definer set search_path = pg_catalog, public, pg_temp as
$$
select q.tenant_id, pg_catalog.count(*) filter (where q.status <> 'SUPERSEDED'), pg_catalog.max(q.updated_at)
from public.quotes q
where public.gq_is_platform()
group by q.tenant_id
$$;
alter function public.gq_platform_quote_counts() owner to gpuquote_definer;
-- Nobody but the runtime role (granted by DatabaseBootstrap) calls it.
revoke execute on function public.gq_platform_quote_counts() from public;
