-- The credential lookups that run before any tenant is known (SECURITY DEFINER) no longer run as the migration
-- owner (a superuser): they are owned by gpuquote_definer, a NOLOGIN, NOSUPERUSER role that may read exactly the
-- columns they answer from (column-level SELECT grants, nothing else; BYPASSRLS because RLS is forced on those
-- tables and every tenant policy stays on gq_current_tenant()). Their search_path
-- puts pg_temp last, and every name in their bodies is schema-qualified, so a caller's temporary view can never
-- stand in for a table. The database's TEMP privilege is revoked from PUBLIC (the runtime role holds no grant of
-- its own; DatabaseBootstrap revokes it explicitly as well). See docs/decisions/1101-definer-functions-owner.md.

-- Roles are cluster-wide and several databases (test runs) may migrate at the same moment.
do $$
begin
    for attempt in 1..5 loop
        begin
            if not exists (select 1 from pg_catalog.pg_roles where rolname = 'gpuquote_definer') then
                create role gpuquote_definer nologin nosuperuser bypassrls nocreatedb nocreaterole noinherit;
            else
                alter role gpuquote_definer nologin nosuperuser bypassrls nocreatedb nocreaterole noinherit;
            end if;
            exit;
        exception
            -- a concurrent creator or "tuple concurrently updated": look again
            when others then
                if attempt = 5 then
                    raise;
                end if;
                perform pg_catalog.pg_sleep(0.2);
        end;
    end loop;
end
$$;

do $$
begin
    execute format('revoke temporary on database %I from public', current_database());
end
$$;

grant usage on schema public to gpuquote_definer;
grant select (id, tenant_id, email, enabled, security_stamp) on public.app_users to gpuquote_definer;
grant select (id, status) on public.tenants to gpuquote_definer;
grant select (id, user_id, tenant_id, token_hash, revoked_at, expires_at) on public.api_tokens to gpuquote_definer;
grant select (id, tenant_id, token_hash) on public.invitations to gpuquote_definer;
grant select (id, tenant_id, token_hash) on public.portal_links to gpuquote_definer;

create or replace function public.gq_login_lookup(p_email text)
    returns table (user_id uuid, tenant_id uuid, tenant_status text)
    language sql stable security definer set search_path = pg_catalog, public, pg_temp as
$$
select u.id, u.tenant_id, t.status
from public.app_users u left join public.tenants t on t.id = u.tenant_id
where pg_catalog.lower(u.email) = pg_catalog.lower(p_email)
$$;

create or replace function public.gq_token_lookup(p_hash bytea)
    returns table (token_id uuid, user_id uuid, tenant_id uuid)
    language sql stable security definer set search_path = pg_catalog, public, pg_temp as
$$
select k.id, k.user_id, k.tenant_id from public.api_tokens k
where k.token_hash = p_hash and k.revoked_at is null and k.expires_at > pg_catalog.now()
$$;

create or replace function public.gq_invitation_lookup(p_hash bytea)
    returns table (invitation_id uuid, tenant_id uuid)
    language sql stable security definer set search_path = pg_catalog, public, pg_temp as
$$
select i.id, i.tenant_id from public.invitations i where i.token_hash = p_hash
$$;

create or replace function public.gq_portal_lookup(p_hash bytea)
    returns table (link_id uuid, tenant_id uuid)
    language sql stable security definer set search_path = pg_catalog, public, pg_temp as
$$
select l.id, l.tenant_id from public.portal_links l where l.token_hash = p_hash
$$;

create or replace function public.gq_session_check(p_user uuid)
    returns table (security_stamp integer, enabled boolean, tenant_status text)
    language sql stable security definer set search_path = pg_catalog, public, pg_temp as
$$
select u.security_stamp, u.enabled, t.status
from public.app_users u left join public.tenants t on t.id = u.tenant_id
where u.id = p_user
$$;

alter function public.gq_login_lookup(text) owner to gpuquote_definer;
alter function public.gq_token_lookup(bytea) owner to gpuquote_definer;
alter function public.gq_invitation_lookup(bytea) owner to gpuquote_definer;
alter function public.gq_portal_lookup(bytea) owner to gpuquote_definer;
alter function public.gq_session_check(uuid) owner to gpuquote_definer;

-- Nobody but the runtime role (granted by DatabaseBootstrap) calls them.
revoke execute on function public.gq_login_lookup(text) from public;
revoke execute on function public.gq_token_lookup(bytea) from public;
revoke execute on function public.gq_invitation_lookup(bytea) from public;
revoke execute on function public.gq_portal_lookup(bytea) from public;
revoke execute on function public.gq_session_check(uuid) from public;
