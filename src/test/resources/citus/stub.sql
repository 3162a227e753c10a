-- Stand-ins for the Citus functions and catalog that deploy/citus/distribute.sql uses, with Citus's signatures, so
-- DistributeSqlTest can run the script on plain PostgreSQL: they record each call instead of sharding anything.
create schema citus_stub;
create table citus_stub.calls (n serial primary key, call text not null);
create table citus_stub.pg_dist_node (nodename text, nodeport int);
create table citus_stub.pg_dist_partition (logicalrelid regclass primary key, partmethod "char" not null,
                                            colocate_with text);
create table citus_stub.pg_dist_object (classid oid, objid oid);

create function citus_stub.citus_set_coordinator_host(host text, port integer default 5432) returns void
    language sql as $$ insert into citus_stub.calls (call) values ('coordinator ' || host) $$;
create function citus_stub.citus_add_node(nodename text, nodeport integer) returns integer
    language sql as $$
        insert into citus_stub.pg_dist_node values (nodename, nodeport);
        insert into citus_stub.calls (call) values ('add_node ' || nodename) returning n $$;
create function citus_stub.create_distributed_function(function_name regprocedure,
                                                       distribution_arg_name text default null,
                                                       colocate_with text default 'default') returns void
    language sql as $$
        insert into citus_stub.pg_dist_object values ('pg_proc'::regclass, function_name::oid);
        insert into citus_stub.calls (call) values ('function ' || function_name::text) $$;
create function citus_stub.create_reference_table(table_name regclass) returns void
    language sql as $$
        insert into citus_stub.pg_dist_partition values (table_name, 'n', null);
        insert into citus_stub.calls (call) values ('reference ' || table_name::text) $$;
create function citus_stub.create_distributed_table(table_name regclass, distribution_column text,
                                                    distribution_type text default 'hash',
                                                    colocate_with text default 'default') returns void
    language sql as $$
        insert into citus_stub.pg_dist_partition values (table_name, 'h', colocate_with);
        insert into citus_stub.calls (call)
        values ('distributed ' || table_name::text || ' by ' || distribution_column || ' with ' || colocate_with) $$;
create view citus_stub.citus_tables as
select logicalrelid::text as table_name,
       case partmethod when 'h' then 'distributed' else 'reference' end as citus_table_type,
       case partmethod when 'h' then 'tenant_id' end as distribution_column,
       1 as colocation_id
from citus_stub.pg_dist_partition;
