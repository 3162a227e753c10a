-- Issue 18: short terms that can be part of a quote number ("1", "Q", "12", "-2") without reading the tenant's
-- quotes three times (docs/decisions/1853-lists-and-searches-at-scale.md).
--
-- No index narrows such a term: one character has no trigram and no character pair, and quote numbers have no pair
-- index (V78: any pair of Q, digits and hyphens matches a large share of them). V78's lookup then unions a
-- sequential scan of the numbers with every quote of every matching project and customer, and de-duplicates the
-- union: 161 ms for "1" (94,282 of 100,000 quotes match), 109 ms for "q" and 86 ms for "12" on the scale bench's
-- tenant. For a term of at most two literal characters that can be part of a number, the lookup now reads the
-- tenant's quotes once and keeps a quote whose number matches or whose project is among the matching projects (a
-- hashed subplan; no union of quote ids to de-duplicate): 77–88, 33 and 34–35 ms on the same data. Every other term
-- keeps V78's statements (a one-character name term such as "深" or "a": 43–50 ms; the single pass was no faster).
--
-- "q.number like upper(p)" is exactly "q.number ilike p" here: the branch runs only for patterns of Q/q, digits,
-- hyphens and escapes (as V77/V78's number branch), and a stored number is always '^Q-[0-9]{4}-[0-9]{4,9}$' (V32's
-- check), an alphabet on which upper-casing the pattern is the same as lower-casing both sides; LIKE skips ILIKE's
-- per-row lower-casing.
--
-- max_parallel_workers_per_gather = 0: with parallel workers each worker builds the subplan's hash again (three
-- processes on these 2-core machines: 100 ms instead of 81 ms for "1"); V78's statements were not slower without.

create or replace function public.gq_quote_ids_matching(p_like text)
    returns setof uuid
    language plpgsql stable security definer set search_path = pg_catalog, public, pg_temp
    set random_page_cost = 1.1 set max_parallel_workers_per_gather = 0 rows 100 as
$$
declare
    t uuid := public.gq_current_tenant();
    pair text := public.gq_like_bigram(p_like);
    numberish boolean := p_like !~ '[^Qq0-9%_\\-]';
    -- at most two literal characters between the % runs (a backslash escapes the next one, SqlLike.contains)
    short boolean := p_like ~ '^%*(?:\\.|[^%_\\]){1,2}%*$';
begin
    if t is null or p_like is null then
        return;
    end if;
    if short and numberish then
        return query execute
            'select q.id from public.quotes q where q.tenant_id = $1 and ('
            || case when numberish then 'q.number like pg_catalog.upper($2) or ' else '' end || $q$
                q.project_id in (
                    select pn.id from public.projects pn where pn.tenant_id = $1 and pn.name ilike $2$q$
            || case when pair is null then '' else ' and public.gq_bigrams(pn.name) @> $3' end || $q$
                    union all
                    select pc.id from public.projects pc where pc.tenant_id = $1 and pc.customer_id in (
                        select cn.id from public.customers cn where cn.tenant_id = $1 and cn.name ilike $2$q$
            || case when pair is null then '' else ' and public.gq_bigrams(cn.name) @> $3' end || ')))'
            using t, p_like, array[pair];
        return;
    end if;
    -- V78's statements
    return query execute
        case when numberish then $q$
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

-- create or replace keeps the owner and the privileges (V77/V78); said again so that this file alone shows them
alter function public.gq_quote_ids_matching(text) owner to gpuquote_definer;
revoke execute on function public.gq_quote_ids_matching(text) from public;
