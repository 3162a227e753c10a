-- Global instance catalog (issue 4). No tenant_id, no RLS: maintained by PLATFORM_ADMIN, read by every tenant.
-- Depends on nothing from V1..V9.
--
-- Units (see docs/decisions/0101-catalog-vram-units.md):
--   *_gib            binary gibibytes (VRAM: the vendor's nominal capacity, e.g. "80GB" A100 = 80 GiB)
--   *_gb_s           gigabytes per second (memory bandwidth, GPU interconnect bandwidth)
--   network_gbps     gigabits per second (instance network bandwidth)
--   *_tflops         dense (no sparsity) tensor TFLOPS

CREATE TABLE providers (
    code        text PRIMARY KEY CHECK (code ~ '^[A-Z][A-Z0-9_]{1,31}$'),
    name        text NOT NULL CHECK (btrim(name) <> '')
);

CREATE TABLE regions (
    provider    text NOT NULL REFERENCES providers (code),
    code        text NOT NULL CHECK (code ~ '^[a-z]{2}-[a-z0-9]+(-[a-z0-9]+)*$'),
    name        text NOT NULL CHECK (btrim(name) <> ''),
    PRIMARY KEY (provider, code)
);

CREATE TABLE gpu_models (
    code                  text PRIMARY KEY CHECK (code ~ '^[A-Z0-9][A-Z0-9-]*[A-Z0-9]$'),
    vendor                text NOT NULL CHECK (btrim(vendor) <> ''),
    architecture          text NOT NULL CHECK (btrim(architecture) <> ''),
    vram_gib              numeric(8, 2)  NOT NULL CHECK (vram_gib > 0 AND vram_gib <= 4096),
    memory_bandwidth_gb_s numeric(10, 2) NOT NULL CHECK (memory_bandwidth_gb_s > 0),
    fp16_tflops           numeric(10, 2) NOT NULL CHECK (fp16_tflops > 0),
    bf16_tflops           numeric(10, 2) CHECK (bf16_tflops > 0),           -- NULL: no BF16 support (T4, V100)
    interconnect          text NOT NULL CHECK (interconnect IN ('PCIE', 'NVLINK', 'INFINITY_FABRIC', 'OTHER')),
    interconnect_gb_s     numeric(10, 2) NOT NULL CHECK (interconnect_gb_s > 0),
    source                text NOT NULL CHECK (btrim(source) <> ''),
    sample                boolean NOT NULL,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

COMMENT ON COLUMN gpu_models.vram_gib IS 'Per GPU, vendor nominal capacity taken as GiB (ADR 0101)';
COMMENT ON COLUMN gpu_models.memory_bandwidth_gb_s IS 'GB/s (bytes, not bits)';
COMMENT ON COLUMN gpu_models.interconnect_gb_s IS 'GB/s per GPU as stated in the datasheet (bytes, not bits)';
COMMENT ON COLUMN gpu_models.sample IS 'true when any value is not from the vendor''s own documentation';

CREATE TABLE instance_types (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    provider       text NOT NULL REFERENCES providers (code),
    family         text NOT NULL CHECK (family ~ '^[a-z][a-z0-9]*(\.[a-z0-9]+)*$'),
    code           text NOT NULL CHECK (code ~ '^[a-z][a-z0-9]*(\.[a-z0-9-]+)+$'),
    gpu_model      text NOT NULL REFERENCES gpu_models (code) ON UPDATE CASCADE,
    gpu_count      integer NOT NULL CHECK (gpu_count BETWEEN 1 AND 64),
    vcpu           integer NOT NULL CHECK (vcpu BETWEEN 1 AND 4096),
    ram_gib        numeric(10, 2) NOT NULL CHECK (ram_gib > 0),
    local_nvme_gib numeric(12, 2) NOT NULL DEFAULT 0 CHECK (local_nvme_gib >= 0),
    network_gbps   numeric(8, 2)  NOT NULL CHECK (network_gbps > 0),
    status         text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DEPRECATED')),
    source         text NOT NULL CHECK (btrim(source) <> ''),
    sample         boolean NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT instance_types_provider_code_key UNIQUE (provider, code),
    -- lets instance_type_regions check that a type is only offered in its own provider's regions
    CONSTRAINT instance_types_id_provider_key UNIQUE (id, provider),
    -- the code is <family>.<size>, e.g. ecs.gni2 + .3xlarge
    CONSTRAINT instance_types_code_in_family CHECK (left(code, length(family) + 1) = family || '.'
                                                    AND length(code) > length(family) + 1)
);

COMMENT ON COLUMN instance_types.ram_gib IS 'GiB of host RAM';
COMMENT ON COLUMN instance_types.network_gbps IS 'Gbit/s VPC network bandwidth (bits)';
COMMENT ON COLUMN instance_types.sample IS 'true when any value (specs or region availability) is not from the provider''s own documentation';

CREATE INDEX instance_types_gpu_model_idx ON instance_types (gpu_model);

CREATE TABLE instance_type_regions (
    instance_type_id uuid NOT NULL,
    provider         text NOT NULL,
    region_code      text NOT NULL,
    PRIMARY KEY (instance_type_id, region_code),
    FOREIGN KEY (instance_type_id, provider) REFERENCES instance_types (id, provider) ON DELETE CASCADE,
    FOREIGN KEY (provider, region_code) REFERENCES regions (provider, code)
);

CREATE INDEX instance_type_regions_region_idx ON instance_type_regions (provider, region_code);

CREATE FUNCTION catalog_touch_updated_at() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    NEW.updated_at := now();
    RETURN NEW;
END
$$;

CREATE TRIGGER gpu_models_touch BEFORE UPDATE ON gpu_models
    FOR EACH ROW EXECUTE FUNCTION catalog_touch_updated_at();
CREATE TRIGGER instance_types_touch BEFORE UPDATE ON instance_types
    FOR EACH ROW EXECUTE FUNCTION catalog_touch_updated_at();
