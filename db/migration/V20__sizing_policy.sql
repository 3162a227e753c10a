-- A reseller's sizing policy (issue 5): the RAM:VRAM band per workload (RAM GiB per GiB of VRAM, "1:2 to 1:4" is
-- min 2, max 4), the band of CPU-intensive GENERAL_COMPUTE jobs, and the usable fraction of a GPU's VRAM.
-- At most one row per tenant; no row means the project defaults (docs/sizing-model.md).

create table sizing_policies (
    tenant_id            uuid          not null references tenants (id),
    training_min         numeric(10,4) not null,
    training_max         numeric(10,4) not null,
    lora_min             numeric(10,4) not null,
    lora_max             numeric(10,4) not null,
    inference_min        numeric(10,4) not null,
    inference_max        numeric(10,4) not null,
    general_min          numeric(10,4) not null,
    general_max          numeric(10,4) not null,
    cpu_intensive_min    numeric(10,4) not null,
    cpu_intensive_max    numeric(10,4) not null,
    usable_vram_fraction numeric(5,4)  not null default 0.90,
    updated_by           uuid,
    updated_at           timestamptz   not null default now(),
    version              integer       not null default 0,
    primary key (tenant_id),
    foreign key (tenant_id, updated_by) references app_users (tenant_id, id),
    check (training_min >= 0.5 and training_max >= training_min and training_max <= 1000),
    check (lora_min >= 0.5 and lora_max >= lora_min and lora_max <= 1000),
    check (inference_min >= 0.5 and inference_max >= inference_min and inference_max <= 1000),
    check (general_min >= 0.5 and general_max >= general_min and general_max <= 1000),
    check (cpu_intensive_min >= 0.5 and cpu_intensive_max >= cpu_intensive_min and cpu_intensive_max <= 1000),
    check (usable_vram_fraction between 0.5 and 1.0)
);
alter table sizing_policies enable row level security;
alter table sizing_policies force row level security;
create policy sizing_policies_tenant on sizing_policies using (tenant_id = gq_current_tenant())
    with check (tenant_id = gq_current_tenant());
