-- Tenant branding (issue 7: the quote PDF and the customer portal show the reseller's name and logo).
-- One logo per tenant, stored in the database so it follows the tenant's isolation (RLS) and backups. The service
-- accepts only PNG or JPEG up to 512 KiB and 2048 px a side, decoded before storing; the checks here are the
-- last line of defence.
create table tenant_logos (
    tenant_id    uuid        primary key references tenants (id),
    content_type text        not null check (content_type in ('image/png', 'image/jpeg')),
    bytes        bytea       not null check (length(bytes) between 1 and 524288),
    sha256       text        not null check (sha256 ~ '^[0-9a-f]{64}$'),
    width        integer     not null check (width between 1 and 2048),
    height       integer     not null check (height between 1 and 2048),
    updated_at   timestamptz not null default now(),
    updated_by   text        not null
);
alter table tenant_logos enable row level security;
alter table tenant_logos force row level security;
create policy tenant_logos_tenant on tenant_logos
    using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
