-- Issue 18: two-character text searches ("深度", "星河", "ab") through character-pair (bigram) GIN indexes
-- (docs/decisions/1853-lists-and-searches-at-scale.md). A two-character term has no trigram, so the trigram indexes
-- of V76/V77 cannot serve it; V77's lookups then read every customer, project and quote of the tenant. Here every
-- searched name gets a GIN index of its lower-cased adjacent character pairs, led by tenant_id (btree_gin, V76), and
-- the SECURITY DEFINER lookups of V77 (same signatures, so the repositories need no change) select through
-- "gq_bigrams(x) @> array[pair]" plus the ILIKE recheck when the pattern holds exactly two adjacent literal
-- characters. Longer terms keep the trigram path of V77 unchanged; a one-character term keeps reading the tenant's
-- rows (no index can narrow "contains one character" usefully; documented in ADR 1853).
--
-- Why a bigram match is never narrower than ILIKE: in a multi-byte database encoding (UTF8) PostgreSQL evaluates
-- "s ILIKE p" as lower(s) LIKE lower(p). A term of two literal characters whose lower case is two characters is then
-- contained in lower(s) as one adjacent pair, which gq_bigrams(s) holds. The lookup takes the bigram path only when
-- lower(pair) has exactly two characters; otherwise (a character whose lower case is longer) it falls back to V77's
-- statements. The ILIKE stays in every statement, so the result is exactly ILIKE's.
--
-- The indexes are read only inside the definer lookups (RLS bypassed, tenant_id = gq_current_tenant() written out):
-- under the runtime role "@>" would be a filter behind the RLS policy like ILIKE (ADR 1853).

-- The lower-cased adjacent character pairs of a text, each once; NULL for NULL, empty for fewer than two characters.
-- IMMUTABLE (lower() is), so it can be indexed; catalog functions schema-qualified because an index expression is
-- also evaluated with other search_paths (ANALYZE, autovacuum, restore), and no SET clause (it costs per call).
create function public.gq_bigrams(s text)
    returns text[]
    language sql immutable strict parallel safe as
$$
    select coalesce(pg_catalog.array_agg(distinct pg_catalog.substr(l.v, i, 2)), '{}')
    from (select pg_catalog.lower(s) as v) l, pg_catalog.generate_series(1, pg_catalog.length(l.v) - 1) i
$$;

-- The one character pair a LIKE pattern searches for, lower-cased, when the pattern is (any run of %) exactly two
-- literal characters (a backslash escapes the next one, SqlLike.contains) (any run of %); otherwise NULL. NULL also
-- when the lower case of the pair is not two characters long (see above).
create function public.gq_like_bigram(p_like text)
    returns text
    language sql immutable strict parallel safe as
$$
    select case when pg_catalog.length(b.pair) = 2 then b.pair end
    from (select pg_catalog.lower(pg_catalog.regexp_replace(m[1], '\\(.)', '\1', 'g')) as pair
          from pg_catalog.regexp_match(p_like, '^%*((?:\\.|[^%_\\]){2})%*$') m) b
$$;

grant execute on function public.gq_bigrams(text) to gpuquote_definer;
grant execute on function public.gq_like_bigram(text) to gpuquote_definer;

-- Quote numbers get no bigram index: they hold only Q, digits and hyphens (V32), so any pair of those matches a large
-- share of all quotes and the index would narrow nothing.
create index customers_name_bigram on customers using gin (tenant_id, gq_bigrams(name));
create index customers_credit_code_bigram on customers using gin (tenant_id, gq_bigrams(credit_code));
create index customer_contacts_bigram on customer_contacts using gin (tenant_id, gq_bigrams(name), gq_bigrams(email));
create index projects_name_bigram on projects using gin (tenant_id, gq_bigrams(name));
-- A term matching a sixth of the customers (the scale bench's "深度": 3,333 customers, 6,666 projects, 16,662 quotes)
-- walks customers -> projects -> quotes by id: index-only scans instead of heap fetches for thousands of rows.
-- They lead with the same columns as projects_customer / quotes_project (V30/V32), which the foreign keys keep.
create index projects_customer_id on projects (tenant_id, customer_id, id);
create index quotes_project_id on quotes (tenant_id, project_id, id);

-- The statements of V77 plus, when the pattern is two characters, "gq_bigrams(x) @> $3" next to each ILIKE.
-- random_page_cost = 1.1 for the lookups' statements: with the default 4 the planner hash-joins a sequential scan of
-- projects against the 3,333 matching customers instead of 3,333 index-only probes of projects_customer_id (measured
-- on a reduced copy of the bench data: both ~30 ms in memory, but only the second is the index use issue 18 asks
-- for); the tables the lookups read are the hot ones of every list.
create or replace function public.gq_quote_ids_matching(p_like text)
    returns setof uuid
    language plpgsql stable security definer set search_path = pg_catalog, public, pg_temp
    set random_page_cost = 1.1 rows 100 as
$$
declare
    t uuid := public.gq_current_tenant();
    pair text := public.gq_like_bigram(p_like);
begin
    if t is null or p_like is null then
        return;
    end if;
    return query execute
        case when p_like !~ '[^Qq0-9%_\\-]' then $q$
        select qn.id from public.quotes qn where qn.tenant_id = $1 and qn.number ilike $2
        union $q$ else '' end || $q$
        select qp.id from public.quotes qp where qp.tenant_id = $1 and qp.project_id in (
            select pn.id from public.projects pn where pn.tenant_id = $1 and pn.name ilike $2$q$
            || case when pair is null then '' else ' and public.gq_bigrams(pn.name) @> $3' end || $q$
            union
            select pc.id from public.projects pc where pc.tenant_id = $1 and pc.customer_id in (
                select cn.id from public.customers cn where cn.tenant_id = $1 and cn.name ilike $2$q$
            || case when pair is null then '' else ' and public.gq_bigrams(cn.name) @> $3' end || '))'
        using t, p_like, array[pair];
end
$$;

create or replace function public.gq_customer_ids_matching(p_like text)
    returns setof uuid
    language plpgsql stable security definer set search_path = pg_catalog, public, pg_temp
    set random_page_cost = 1.1 rows 100 as
$$
declare
    t uuid := public.gq_current_tenant();
    pair text := public.gq_like_bigram(p_like);
    b text := case when pair is null then '' else ' and public.gq_bigrams(%s) @> $3' end;
begin
    if t is null or p_like is null then
        return;
    end if;
    return query execute
        'select c.id from public.customers c where c.tenant_id = $1 and c.name ilike $2' || format(b, 'c.name') || '
        union
        select c.id from public.customers c where c.tenant_id = $1 and c.credit_code ilike $2' || format(b, 'c.credit_code') || '
        union
        select k.customer_id from public.customer_contacts k where k.tenant_id = $1 and k.name ilike $2' || format(b, 'k.name') || '
        union
        select k.customer_id from public.customer_contacts k where k.tenant_id = $1 and k.email ilike $2' || format(b, 'k.email')
        using t, p_like, array[pair];
end
$$;

create or replace function public.gq_project_ids_matching(p_like text)
    returns setof uuid
    language plpgsql stable security definer set search_path = pg_catalog, public, pg_temp
    set random_page_cost = 1.1 rows 100 as
$$
declare
    t uuid := public.gq_current_tenant();
    pair text := public.gq_like_bigram(p_like);
    b text := case when pair is null then '' else ' and public.gq_bigrams(%s) @> $3' end;
begin
    if t is null or p_like is null then
        return;
    end if;
    return query execute
        'select pn.id from public.projects pn where pn.tenant_id = $1 and pn.name ilike $2' || format(b, 'pn.name') || '
        union
        select pc.id from public.projects pc where pc.tenant_id = $1 and pc.customer_id in (
            select cn.id from public.customers cn where cn.tenant_id = $1 and cn.name ilike $2' || format(b, 'cn.name') || ')'
        using t, p_like, array[pair];
end
$$;

-- create or replace keeps the owner (gpuquote_definer, V77) and the privileges (EXECUTE revoked from PUBLIC, granted
-- to the runtime role by DatabaseBootstrap); said again so that this file alone shows them
alter function public.gq_quote_ids_matching(text) owner to gpuquote_definer;
alter function public.gq_customer_ids_matching(text) owner to gpuquote_definer;
alter function public.gq_project_ids_matching(text) owner to gpuquote_definer;
revoke execute on function public.gq_quote_ids_matching(text) from public;
revoke execute on function public.gq_customer_ids_matching(text) from public;
revoke execute on function public.gq_project_ids_matching(text) from public;
