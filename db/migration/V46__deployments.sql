-- Deployments and their utilisation samples (issue 17): what a customer actually runs, and how busy it is.

create table deployments (
    tenant_id       uuid        not null references tenants (id),
    id              uuid        not null,
    project_id      uuid        not null,
    instance_type   text        not null check (length(instance_type) between 1 and 100),
    region          text        not null check (length(region) between 1 and 50),
    billing_mode    text        not null check (billing_mode in ('HOURLY', 'MONTHLY', 'YEARLY', 'SPOT')),
    instance_count  integer     not null check (instance_count between 1 and 1000),
    since           date        not null,
    workload        text        not null default 'TRAINING'
                                check (workload in ('TRAINING', 'LORA_FINE_TUNING', 'INFERENCE', 'GENERAL_COMPUTE')),
    source_quote_id uuid,
    created_by      uuid,
    created_at      timestamptz not null default now(),
    primary key (tenant_id, id),
    foreign key (tenant_id, project_id) references projects (tenant_id, id),
    foreign key (tenant_id, created_by) references app_users (tenant_id, id)
);
create index deployments_project on deployments (tenant_id, project_id);
-- one deployment per accepted order line: "create from order" twice does not duplicate
create unique index deployments_order_line on deployments (tenant_id, source_quote_id, instance_type, region, billing_mode)
    where source_quote_id is not null;
alter table deployments enable row level security;
alter table deployments force row level security;
create policy deployments_tenant on deployments
    using (tenant_id = gq_current_tenant()) with check (tenant_id = gq_current_tenant());

-- One row per GPU and instant. Compact: MiB as integer, percentages as real (4 bytes), GPU index smallint.
-- The primary key (tenant first, then deployment and time) is the index of every time-window query, and makes a
-- re-imported sample a duplicate instead of a second count.
create table gpu_samples (
    tenant_id      uuid        not null,
    deployment_id  uuid        not null,
    at             timestamptz not null,
    gpu            smallint    not null check (gpu between 0 and 1023),
    vram_used_mib  integer     not null check (vram_used_mib >= 0),
    vram_total_mib integer     not null check (vram_total_mib > 0 and vram_used_mib <= vram_total_mib),
    gpu_util_pct   real                 check (gpu_util_pct between 0 and 100),
    sm_active_pct  real                 check (sm_active_pct between 0 and 100),
    gr_active_pct  real                 check (gr_active_pct between 0 and 100),
    dram_active_pct real                check (dram_active_pct between 0 and 100),
    primary key (tenant_id, deployment_id, at, gpu),
    foreign key (tenant_id, deployment_id) references deployments (tenant_id, id) on delete cascade
);
alter table gpu_samples enable row level security;
alter table gpu_samples force row level security;
create policy gpu_samples_tenant on gpu_samples
    using (tenant_id = gq_current_tenant()) with check (tenant_id = gq_current_tenant());

-- Host memory as /proc/meminfo gives it (KiB), one row per instant.
create table host_samples (
    tenant_id         uuid        not null,
    deployment_id     uuid        not null,
    at                timestamptz not null,
    mem_total_kib     bigint      not null check (mem_total_kib > 0),
    mem_available_kib bigint      not null check (mem_available_kib >= 0 and mem_available_kib <= mem_total_kib),
    primary key (tenant_id, deployment_id, at),
    foreign key (tenant_id, deployment_id) references deployments (tenant_id, id) on delete cascade
);
alter table host_samples enable row level security;
alter table host_samples force row level security;
create policy host_samples_tenant on host_samples
    using (tenant_id = gq_current_tenant()) with check (tenant_id = gq_current_tenant());

-- The tenant's right-sizing thresholds (percent); no row = the defaults 90 / 90 / 40 / 5.
create table rightsizing_thresholds (
    tenant_id       uuid         primary key references tenants (id),
    vram_short_pct  numeric(5,2) not null check (vram_short_pct > 0 and vram_short_pct <= 100),
    ram_short_pct   numeric(5,2) not null check (ram_short_pct > 0 and ram_short_pct <= 100),
    oversized_pct   numeric(5,2) not null check (oversized_pct > 0 and oversized_pct <= 100),
    underused_pct   numeric(5,2) not null check (underused_pct > 0 and underused_pct <= 100),
    updated_at      timestamptz  not null default now()
);
alter table rightsizing_thresholds enable row level security;
alter table rightsizing_thresholds force row level security;
create policy rightsizing_thresholds_tenant on rightsizing_thresholds
    using (tenant_id = gq_current_tenant()) with check (tenant_id = gq_current_tenant());
