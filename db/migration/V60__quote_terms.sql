-- Issue 16: terms per tenant as templates (payment, delivery, SLA, validity), in Chinese and English, chosen per
-- quote and printed in the document's language. A quote without a choice gets the tenant's default template (at
-- most one). A template in use by a quote cannot be deleted (the documents already sent keep their words).
create table quote_terms (
    tenant_id   uuid        not null references tenants (id),
    id          uuid        not null,
    name        text        not null check (length(name) between 1 and 100 and name !~ '[\r\n]'),
    payment_zh  text        check (length(payment_zh) <= 2000),
    delivery_zh text        check (length(delivery_zh) <= 2000),
    sla_zh      text        check (length(sla_zh) <= 2000),
    validity_zh text        check (length(validity_zh) <= 2000),
    payment_en  text        check (length(payment_en) <= 2000),
    delivery_en text        check (length(delivery_en) <= 2000),
    sla_en      text        check (length(sla_en) <= 2000),
    validity_en text        check (length(validity_en) <= 2000),
    is_default  boolean     not null default false,
    created_at  timestamptz not null default now(),
    updated_at  timestamptz not null default now(),
    primary key (tenant_id, id),
    unique (tenant_id, name)
);
create unique index quote_terms_one_default on quote_terms (tenant_id) where is_default;
alter table quote_terms enable row level security;
alter table quote_terms force row level security;
create policy quote_terms_tenant on quote_terms using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());

alter table quotes add column terms_id uuid;
alter table quotes add constraint quotes_terms_fk foreign key (tenant_id, terms_id) references quote_terms (tenant_id, id);
create index quotes_terms on quotes (tenant_id, terms_id) where terms_id is not null;
