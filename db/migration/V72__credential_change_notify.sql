-- Bearer-token authentications are cached for a few seconds in each app instance (ADR 0009). Every change that
-- must end a token's use at once (revoked or deleted token, user disabled or given other roles, password changed,
-- tenant suspended) notifies channel gpuquote_credentials; each instance LISTENs on it and empties its cache, so
-- revocation takes effect immediately on every replica. The notification carries nothing: the event is rare and
-- the whole cache is dropped.

create function gq_notify_credentials_changed() returns trigger
    language plpgsql set search_path = pg_catalog, public, pg_temp as
$$
begin
    perform pg_catalog.pg_notify('gpuquote_credentials', '');
    return null;
end
$$;

-- Row triggers with WHEN (not "update of <column>"): a column list ignores changes made by BEFORE triggers, and the
-- security stamp is bumped by one (app_users_security_stamp, V45, on roles, enabled, password, tenant or customer).
-- pg_notify folds identical notifications of one transaction into one.
create trigger api_tokens_credentials_changed
    after update on api_tokens
    for each row
    when (old.revoked_at is distinct from new.revoked_at or old.expires_at is distinct from new.expires_at
        or old.token_hash is distinct from new.token_hash or old.user_id is distinct from new.user_id)
    execute function gq_notify_credentials_changed();

create trigger api_tokens_credentials_deleted
    after delete on api_tokens
    for each statement execute function gq_notify_credentials_changed();

create trigger app_users_credentials_changed
    after update on app_users
    for each row
    when (old.security_stamp is distinct from new.security_stamp or old.enabled is distinct from new.enabled)
    execute function gq_notify_credentials_changed();

create trigger app_users_credentials_deleted
    after delete on app_users
    for each statement execute function gq_notify_credentials_changed();

create trigger tenants_credentials_changed
    after update on tenants
    for each row
    when (old.status is distinct from new.status)
    execute function gq_notify_credentials_changed();

create trigger tenants_credentials_deleted
    after delete on tenants
    for each statement execute function gq_notify_credentials_changed();

-- The token lookup with the token's expiry, so that a cached authentication never outlives its token.
create function public.gq_token_owner(p_hash bytea)
    returns table (token_id uuid, user_id uuid, tenant_id uuid, expires_at timestamptz)
    language sql stable security definer set search_path = pg_catalog, public, pg_temp as
$$
select k.id, k.user_id, k.tenant_id, k.expires_at from public.api_tokens k
where k.token_hash = p_hash and k.revoked_at is null and k.expires_at > pg_catalog.now()
$$;

alter function public.gq_token_owner(bytea) owner to gpuquote_definer;
revoke execute on function public.gq_token_owner(bytea) from public;
