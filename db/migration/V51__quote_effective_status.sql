-- Issue 14: "effective status" in one place. A quote still open at the customer (SENT / VIEWED) past its validity
-- reads as EXPIRED before the hourly job records it. Java: QuoteStatus.effectiveOn; SQL: this function, used by
-- every query that filters or counts quotes by status. A plain SQL function (immutable, no SET clause) so the
-- planner inlines it; not SECURITY DEFINER.
create or replace function gq_quote_effective_status(status text, valid_until date, today date)
    returns text
    language sql
    immutable
    parallel safe
as $$
    select case when status in ('SENT', 'VIEWED') and valid_until < today then 'EXPIRED' else status end
$$;
