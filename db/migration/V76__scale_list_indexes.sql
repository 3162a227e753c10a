-- Issue 18: indexes for the lists and searches as they run on a tenant with 100,000 quotes and 1,000,000 quote lines
-- (ScaleDataBench, docs/benchmarks.md). Tenant first everywhere; the trigram GIN indexes take tenant_id as their
-- first column through btree_gin. Both extensions are trusted: the migration runs as the owner account (V12).
create extension if not exists pg_trgm;
create extension if not exists btree_gin;

-- the quote list, newest first, superseded versions included (quotes_created of V49 skips them): a top-N index scan
create index quotes_created_number on quotes (tenant_id, created_at desc, number desc, version desc);
-- the project list, newest first
create index projects_created on projects (tenant_id, created_at desc, id);

-- contains-searches (ilike '%x%', three characters or more) of quote numbers, project, customer and contact names
-- and contact e-mails
create index quotes_number_trgm on quotes using gin (tenant_id, number gin_trgm_ops);
create index projects_name_trgm on projects using gin (tenant_id, name gin_trgm_ops);
create index customers_name_trgm on customers using gin (tenant_id, name gin_trgm_ops);
create index customer_contacts_trgm on customer_contacts using gin (tenant_id, name gin_trgm_ops, email gin_trgm_ops);

-- the quote list filtered by status or by consultant, newest first; they replace the two-column indexes of V32, which
-- lead with the same columns (the foreign key on author_id keeps an index leading with it)
create index quotes_status_created on quotes (tenant_id, status, created_at desc, number desc, version desc);
create index quotes_author_created_all on quotes (tenant_id, author_id, created_at desc, number desc, version desc);
drop index quotes_status;
drop index quotes_author;
