-- gq_invitation_lookup finds an invitation by its token hash before the tenant is known. The unique key
-- (tenant_id, token_hash) cannot serve a lookup without the tenant, so it scanned the table; under Citus the lookup
-- asks every shard, and each shard answers from this index (docs/scaling.md, "Directory tables").
create index invitations_token_hash on invitations (token_hash);
