-- Distributes the GpuQuote schema over a Citus cluster (docs/scaling.md). Run it on the coordinator, in the
-- application's database, as the migration account (a superuser), after the application has migrated the database
-- there and before it serves traffic; run it again after each release that adds a table (it only handles tables that
-- are not Citus tables yet):
--
--   psql -v ON_ERROR_STOP=1 -h <coordinator> -U postgres -d gpuquote -f deploy/citus/distribute.sql
--
-- Rules (kept true by CitusCompatibilityTest):
--   * tenant tables: every table with a tenant_id column except the directory tables; hash-distributed by tenant_id,
--     all co-located with customers, so joins and foreign keys on (tenant_id, …) stay on one shard;
--   * reference tables (a full copy on every node): the global catalog (providers, regions, gpu_models,
--     instance_types, instance_type_regions), tenants, platform_audit_events, and the directory tables app_users and
--     api_tokens (read before the tenant is known, platform administrators have no tenant);
--   * flyway_schema_history stays a plain table on the coordinator (only the coordinator migrates).
-- Worker registration (the `citus` compose profile names the nodes citus-coordinator, citus-worker1, citus-worker2)
-- is idempotent; set other names with psql -v coordinator=… -v workers="'w1','w2'" (and -v app_role=… when the
-- runtime role is not gpuquote_app).

\set ON_ERROR_STOP on
\if :{?coordinator}
\else
\set coordinator citus-coordinator
\endif
\if :{?workers}
\else
\set workers '''citus-worker1'', ''citus-worker2'''
\endif
\if :{?app_role}
\else
\set app_role gpuquote_app
\endif
select current_database() as db \gset

create extension if not exists citus;

select citus_set_coordinator_host(:'coordinator', 5432);
select citus_add_node(w, 5432) from unnest(array[:workers]::text[]) w
where not exists (select 1 from pg_dist_node n where n.nodename = w and n.nodeport = 5432);

-- The tenant is a transaction-local setting that RLS reads on every node: SET LOCAL commands reach the workers only
-- with this (the application sets the tenant with SET LOCAL on Citus, docs/scaling.md "RLS under Citus").
alter role :"app_role" in database :"db" set citus.propagate_set_commands = 'local';

begin;
-- many DDL commands on distributed tables in one transaction: one connection per node, in order
set local citus.multi_shard_modify_mode to 'sequential';

create temporary table gq_directory (table_name text primary key) on commit drop;
insert into gq_directory values ('app_users'), ('api_tokens');

-- The one key Citus cannot hold: a reference table (app_users) pointing into a distributed one (customers).
-- CitusCompatibilityTest.GLOBAL_TO_TENANT_FOREIGN_KEYS lists it with its reason.
alter table app_users drop constraint if exists app_users_customer_fk;

-- What to do with every plain table of the schema that is not a Citus table yet.
create temporary table gq_plan on commit drop as
select c.oid::regclass as rel, c.relname::text as table_name,
       case when exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id'
                                                       and not a.attisdropped)
                 and c.relname not in (select table_name from gq_directory)
            then 'distributed' else 'reference' end as kind
from pg_class c
where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
  and c.relname <> 'flyway_schema_history'
  and not exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid);

-- Foreign keys touching those tables are dropped and re-created afterwards: Citus wants both ends of a key to be
-- Citus tables when it is created, and the keys form cycles (app_users <-> customers through owner_id).
create temporary table gq_fks on commit drop as
select k.conrelid::regclass as rel, k.conname::text as name, pg_get_constraintdef(k.oid) as definition
from pg_constraint k
where k.contype = 'f' and k.connamespace = 'public'::regnamespace
  and (k.conrelid in (select rel from gq_plan) or k.confrelid in (select rel from gq_plan));

do $$
declare
    fk record;
begin
    for fk in select * from gq_fks loop
        execute format('alter table %s drop constraint %I', fk.rel, fk.name);
    end loop;
end
$$;

-- The functions the policies, triggers and queries call must exist on every node.
select create_distributed_function(p.oid::regprocedure)
from pg_proc p
where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
  and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  and not exists (select 1 from pg_dist_object o where o.classid = 'pg_proc'::regclass and o.objid = p.oid);

select create_reference_table(rel) from gq_plan where kind = 'reference' order by table_name;

-- The first tenant table anchors the co-location group (customers on a fresh cluster); later runs join it.
do $$
declare
    t record;
    anchor text := (select coalesce(
            (select p.logicalrelid::regclass::text from pg_dist_partition p
             where p.partmethod = 'h' order by p.logicalrelid::regclass::text limit 1),
            'customers'));
begin
    if not exists (select 1 from pg_dist_partition p where p.logicalrelid = anchor::regclass) then
        perform create_distributed_table(anchor::regclass, 'tenant_id');
    end if;
    for t in select * from gq_plan where kind = 'distributed' and table_name <> anchor order by table_name loop
        perform create_distributed_table(t.table_name::regclass, 'tenant_id', colocate_with => anchor);
    end loop;
end
$$;

do $$
declare
    fk record;
begin
    for fk in select * from gq_fks loop
        execute format('alter table %s add constraint %I %s', fk.rel, fk.name, fk.definition);
    end loop;
end
$$;

commit;

-- What went where (the tenant tables share one colocation id).
select table_name, citus_table_type, distribution_column, colocation_id
from citus_tables order by citus_table_type, table_name;
