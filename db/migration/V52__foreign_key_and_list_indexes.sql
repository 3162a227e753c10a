-- Issue 14: indexes for the queries that run. Every foreign key gets an index leading with its columns (joins along
-- it and deletes of the referenced row no longer scan the referencing table); DatabaseIndexesTest keeps it so.
-- Not indexed, by policy: "who did it" columns referencing app_users (created_by, updated_by, published_by,
-- approved_by, revoked_by). Accounts are disabled, never deleted, and no screen searches by those columns.

create index api_tokens_user on api_tokens (user_id);
create index api_tokens_tenant_user on api_tokens (tenant_id, user_id);
create index customers_owner on customers (tenant_id, owner_id);
create index instance_type_regions_type on instance_type_regions (instance_type_id, provider);
create index invitations_customer on invitations (tenant_id, customer_id) where customer_id is not null;
create index invitations_user on invitations (tenant_id, user_id) where user_id is not null;
-- the bell lists a user's notifications, read or not, newest first
create index notifications_user on notifications (tenant_id, user_id, created_at desc);
create index portal_acceptances_link on portal_acceptances (tenant_id, link_id);
create index portal_questions_link on portal_questions (tenant_id, link_id);
create index portal_rejections_link on portal_rejections (tenant_id, link_id);
create index portal_answers_user on portal_answers (tenant_id, user_id);
create index price_list_rows_catalog_type on price_list_rows (provider, instance_type);
create index price_list_rows_catalog_region on price_list_rows (provider, region);
create index price_list_rows_list on price_list_rows (tenant_id, price_list_id, provider);
create index price_lists_provider on price_lists (provider);
-- a project's saved sizing runs, newest first
create index project_sizing_runs_project on project_sizing_runs (tenant_id, project_id, created_at desc);
create index quote_lines_sizing_run on quote_lines (tenant_id, sizing_run_id) where sizing_run_id is not null;
create index quotes_agreement on quotes (tenant_id, agreement_id) where agreement_id is not null;
create index quotes_superseded_by on quotes (tenant_id, superseded_by) where superseded_by is not null;
-- the mail sender polls unsent rows in creation order
create index mail_outbox_unsent on mail_outbox (created_at) where sent_at is null and not direct;
