-- Samples of a multi-node deployment (issue 17): every node reports GPU index 0 at the same instant, so the node is
-- part of a sample's key. '' is the deployment's only (or unnamed) node, which keeps every stored sample and every
-- upload without a node name valid. Node names are host names (at most 253 characters, RFC 1123).
alter table gpu_samples add column node text not null default '' check (length(node) <= 253);
alter table gpu_samples drop constraint gpu_samples_pkey;
alter table gpu_samples add primary key (tenant_id, deployment_id, at, node, gpu);

alter table host_samples add column node text not null default '' check (length(node) <= 253);
alter table host_samples drop constraint host_samples_pkey;
alter table host_samples add primary key (tenant_id, deployment_id, at, node);
