-- Issue 42: a utilisation file recorded on other GPUs than the deployment's (model, count or memory total) is refused
-- (422 hardware-mismatch) unless the consultant confirms it; a confirmed one is stored and its differences are kept
-- here, so the analysis says its verdict was computed on samples from other hardware.
create table utilization_hardware_mismatches (
    tenant_id     uuid        not null references tenants (id),
    id            uuid        not null,
    deployment_id uuid        not null,
    samples_from  timestamptz not null,
    samples_to    timestamptz not null,
    differences   jsonb       not null check (jsonb_typeof(differences) = 'array'),
    created_by    uuid,
    confirmed_at  timestamptz not null,
    primary key (tenant_id, id),
    foreign key (tenant_id, deployment_id) references deployments (tenant_id, id),
    foreign key (tenant_id, created_by) references app_users (tenant_id, id),
    check (samples_from <= samples_to)
);
create index utilization_hardware_mismatches_deployment
    on utilization_hardware_mismatches (tenant_id, deployment_id, samples_to);

alter table utilization_hardware_mismatches enable row level security;
alter table utilization_hardware_mismatches force row level security;
create policy utilization_hardware_mismatches_tenant on utilization_hardware_mismatches
    using (tenant_id = gq_current_tenant()) with check (tenant_id = gq_current_tenant());
