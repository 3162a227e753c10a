-- Issue 39 (ADR 3906): a renewal line carries the net unit price contracted on the quote it renews; the waterfall's
-- last step (CONTRACT) caps the line's price at it. Null on every other line (and on every line stored before).
alter table quote_lines add column contract_unit_price numeric(19, 4) check (contract_unit_price >= 0);
