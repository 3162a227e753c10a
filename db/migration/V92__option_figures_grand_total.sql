-- Issue 18: the quote lists' amount ("from – to": the lowest and highest grand total, VAT included, over the options
-- of the priced snapshot) from the option figures instead of from the snapshot's JSON. Each list row read the whole
-- pricing document (tens of kilobytes for a 4 × 25 quote, stored out of line) to take four numbers out of it; the
-- figures rows are kept with the snapshot in the same transaction (V83, QuoteFiguresRepository.replace).
alter table quote_option_figures add column grand_total numeric;

-- Backfill from the snapshots, as the lists computed it until now (the migration account bypasses RLS); position is
-- the option's index in the snapshot (V83)
update quote_option_figures f
set grand_total = (q.pricing -> 'options' -> f.position::int -> 'view' -> 'totals' ->> 'grandTotal')::numeric
from quotes q
where q.tenant_id = f.tenant_id and q.id = f.quote_id;
-- (nullable, as the JSON path was: a snapshot without the field counted as no amount, and still does)
