-- Issue 16: invoice details (开票信息) the customer gives when accepting on the portal, kept with the acceptance.
-- The acceptance is final (trigger portal_acceptances_immutable), so are these; the table already has tenant_id in
-- its keys and RLS ENABLE + FORCE with its policy (V41). Either no invoice at all, or type, title and tax id; a
-- special VAT invoice (专票) also needs address, phone, bank and account. Single-line text, the lengths of the
-- tenant's seller profile (V55); the tax id is a unified social credit code (its check character is verified by the
-- service, GB 32100-2015; the shape here).
alter table portal_acceptances
    add column invoice_type    text check (invoice_type in ('SPECIAL', 'NORMAL')),
    add column invoice_title   text check (length(invoice_title) between 1 and 200 and invoice_title !~ '[\r\n\t]'),
    add column invoice_tax_id  text check (invoice_tax_id ~ '^[0-9A-HJ-NP-RTUW-Y]{2}[0-9]{6}[0-9A-HJ-NP-RTUW-Y]{10}$'),
    add column invoice_address text check (length(invoice_address) between 1 and 300 and invoice_address !~ '[\r\n\t]'),
    add column invoice_phone   text check (length(invoice_phone) between 1 and 50 and invoice_phone !~ '[\r\n\t]'),
    add column invoice_bank    text check (length(invoice_bank) between 1 and 100 and invoice_bank !~ '[\r\n\t]'),
    add column invoice_account text check (length(invoice_account) between 1 and 50 and invoice_account !~ '[\r\n\t]'),
    add constraint portal_acceptances_invoice check (
        (invoice_type is null and invoice_title is null and invoice_tax_id is null and invoice_address is null
            and invoice_phone is null and invoice_bank is null and invoice_account is null)
        or (invoice_type is not null and invoice_title is not null and invoice_tax_id is not null
            and (invoice_type = 'NORMAL' or (invoice_address is not null and invoice_phone is not null
                and invoice_bank is not null and invoice_account is not null))));
