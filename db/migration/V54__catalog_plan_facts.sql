-- Hardware facts a parallelism plan needs (issue 15, "Hardware-aware plans"), the Volcano Engine rows re-checked against
-- shared/reference/volcengine-gpu.md, and Alibaba Cloud / Tencent Cloud sample catalogs.
-- Units as in V10 (ADR 0101): TFLOPS / TOPS are DENSE tensor-core figures (a datasheet's "with sparsity" value halved).

-- 1. GPU models: FP8 and INT8 dense tensor throughput. NULL = no tensor-core support for that format.
ALTER TABLE gpu_models
    ADD COLUMN fp8_tflops  numeric(10, 2) CHECK (fp8_tflops > 0),
    ADD COLUMN int8_tflops numeric(10, 2) CHECK (int8_tflops > 0);

COMMENT ON COLUMN gpu_models.fp8_tflops IS 'Dense FP8 tensor TFLOPS; NULL: no FP8 tensor cores (before Ada/Hopper)';
COMMENT ON COLUMN gpu_models.int8_tflops IS 'Dense INT8 tensor TOPS; NULL: no INT8 tensor cores (V100)';

-- 2. Instance types: RDMA between instances (InfiniBand / RoCE), false when unknown.
ALTER TABLE instance_types ADD COLUMN rdma boolean NOT NULL DEFAULT false;
COMMENT ON COLUMN instance_types.rdma IS 'true when the type has an RDMA network between instances (IB/RoCE); false = none or unknown';

-- Codes of other providers: Tencent Cloud uses upper case (GN7.5XLARGE80), Alibaba Cloud dashes inside the family
-- (ecs.gn7e-c16g1.4xlarge). Same patterns in InstanceTypeCsv.
ALTER TABLE instance_types DROP CONSTRAINT instance_types_family_check;
ALTER TABLE instance_types DROP CONSTRAINT instance_types_code_check;
ALTER TABLE instance_types ADD CONSTRAINT instance_types_family_check
    CHECK (family ~ '^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)*$');
ALTER TABLE instance_types ADD CONSTRAINT instance_types_code_check
    CHECK (code ~ '^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)+$');

-- FP8 / INT8 per GPU model. Sources: the NVIDIA datasheet already named in each row's source (dense = sparse / 2).
UPDATE gpu_models SET fp8_tflops = NULL, int8_tflops = 130,
       source = 'NVIDIA T4 Tensor Core GPU datasheet (FP16 mixed-precision 65 TFLOPS, INT8 130 TOPS; no BF16, no FP8)'
 WHERE code = 'T4-PCIE-16GB';
UPDATE gpu_models SET fp8_tflops = NULL, int8_tflops = 250,
       source = 'NVIDIA A10 Tensor Core GPU datasheet (BF16/FP16 125 dense, INT8 250 TOPS dense; no FP8)'
 WHERE code = 'A10-PCIE-24GB';
UPDATE gpu_models SET fp8_tflops = NULL, int8_tflops = 330,
       source = 'NVIDIA A30 Tensor Core GPU datasheet (PCIe Gen4; BF16/FP16 165 dense, INT8 330 TOPS dense; no FP8; optional NVLink bridge 200 GB/s not modelled)'
 WHERE code = 'A30-PCIE-24GB';
UPDATE gpu_models SET fp8_tflops = NULL, int8_tflops = NULL,
       source = 'NVIDIA Tesla V100 GPU datasheet (SXM2, tensor performance 125 TFLOPS FP16; Volta tensor cores: no BF16, no FP8, no INT8)'
 WHERE code = 'V100-SXM2-32GB';
UPDATE gpu_models SET fp8_tflops = NULL, int8_tflops = 624,
       source = 'NVIDIA A100 Tensor Core GPU datasheet (SXM4 40GB; BF16/FP16 312, INT8 624 TOPS dense; no FP8)'
 WHERE code = 'A100-SXM4-40GB';
UPDATE gpu_models SET fp8_tflops = NULL, int8_tflops = 624,
       source = 'NVIDIA A100 Tensor Core GPU datasheet (SXM4 80GB; BF16/FP16 312, INT8 624 TOPS dense; no FP8)'
 WHERE code = 'A100-SXM4-80GB';
UPDATE gpu_models SET fp8_tflops = NULL, int8_tflops = 624,
       source = 'NVIDIA A800 product information (China market); compute/bandwidth assumed equal to A100 SXM4 80GB (INT8 624 TOPS dense, no FP8) with NVLink 400 GB/s - not checked against an NVIDIA datasheet'
 WHERE code = 'A800-SXM4-80GB';
UPDATE gpu_models SET fp8_tflops = 239, int8_tflops = 239,
       source = 'NVIDIA L20 (China market) - no public NVIDIA datasheet consulted; values from third-party spec summaries (FP16/BF16 119.5, FP8 239, INT8 239 TOPS dense)'
 WHERE code = 'L20-PCIE-48GB';
UPDATE gpu_models SET fp8_tflops = 733, int8_tflops = 733,
       source = 'NVIDIA L40S GPU datasheet (BF16/FP16 362.05, FP8 733, INT8 733 TOPS dense)'
 WHERE code = 'L40S-PCIE-48GB';
UPDATE gpu_models SET fp8_tflops = 296, int8_tflops = 296,
       source = 'NVIDIA H20 (China market) - no public NVIDIA datasheet consulted; values from third-party spec summaries (FP16/BF16 148, FP8 296, INT8 296 TOPS dense)'
 WHERE code = 'H20-SXM5-96GB';
UPDATE gpu_models SET fp8_tflops = 1979, int8_tflops = 1979,
       source = 'NVIDIA H100 Tensor Core GPU datasheet (SXM5; BF16/FP16 989, FP8 1979, INT8 1979 TOPS dense)'
 WHERE code = 'H100-SXM5-80GB';
UPDATE gpu_models SET fp8_tflops = 1979, int8_tflops = 1979,
       source = 'NVIDIA H800 (China market) - assumed H100 SXM5 compute (FP8/INT8 1979 dense) with NVLink 400 GB/s; no NVIDIA datasheet consulted'
 WHERE code = 'H800-SXM5-80GB';
UPDATE gpu_models SET fp8_tflops = 1979, int8_tflops = 1979,
       source = 'NVIDIA H200 Tensor Core GPU datasheet (SXM; BF16/FP16 989, FP8 1979, INT8 1979 TOPS dense)'
 WHERE code = 'H200-SXM5-141GB';

-- NVIDIA L4 (the GPU of Volcano Engine ecs.gni3, see below): L4 Tensor Core GPU datasheet: 24 GB GDDR6, 300 GB/s,
-- FP16/BF16 242, FP8 485, INT8 485 TOPS with sparsity (dense: half), PCIe Gen4 x16 (64 GB/s).
INSERT INTO gpu_models (code, vendor, architecture, vram_gib, memory_bandwidth_gb_s, fp16_tflops, bf16_tflops,
                        fp8_tflops, int8_tflops, interconnect, interconnect_gb_s, source, sample) VALUES
    ('L4-PCIE-24GB', 'NVIDIA', 'Ada Lovelace', 24, 300, 121, 121, 242.5, 242.5, 'PCIE', 64,
     'NVIDIA L4 Tensor Core GPU datasheet (FP16/BF16 121, FP8 242.5, INT8 242.5 TOPS dense = sparse / 2)', false);

-- 3. Volcano Engine rows re-checked against shared/reference/volcengine-gpu.md.
-- hpc* and ebmhpc* families have RDMA between nodes ("hpc = with RDMA between nodes"; ml.hpcpni2.28xlarge = 8 x A100 + RDMA;
-- aibrix README: ecs.ebmhpcpni3l 8 x 400 Gbps RDMA).
UPDATE instance_types SET rdma = true
 WHERE provider = 'VOLCENGINE' AND (family LIKE 'ecs.hpc%' OR family LIKE 'ecs.ebmhpc%');
UPDATE instance_types
   SET source = source || '; RDMA between nodes per shared/reference/volcengine-gpu.md (hpc families)'
 WHERE provider = 'VOLCENGINE' AND rdma;

-- ecs.g1ve is a general-purpose type in the only source found, with no GPU: the shipped V100 rows contradict it.
-- Kept (price lists may name them) but DEPRECATED, so no sizing recommends them.
UPDATE instance_types SET status = 'DEPRECATED',
       source = 'CONTRADICTED: ecs.g1ve appears as a general-purpose type without GPU in third-party code (shared/reference/volcengine-gpu.md); the V100 assignment of V11 had no source. Deprecated, not recommended'
 WHERE provider = 'VOLCENGINE' AND family = 'ecs.g1ve';

-- ecs.pni2l.28xlarge: 1,960 GiB RAM per the reference (V11 estimated 1,920).
UPDATE instance_types SET ram_gib = 1960,
       source = 'Third-party code names ML-platform flavor pni2l.28xlarge (8 GPUs, 1,960 GiB RAM per shared/reference/volcengine-gpu.md); ECS name, vCPU, NVMe and network are GpuQuote estimates'
 WHERE provider = 'VOLCENGINE' AND code = 'ecs.pni2l.28xlarge';

-- Families no source shows: say so.
UPDATE instance_types SET source = 'GpuQuote sample estimate: no T4 family name found in any source (shared/reference/volcengine-gpu.md); family and all specs unconfirmed'
 WHERE provider = 'VOLCENGINE' AND family = 'ecs.g1tl';
UPDATE instance_types SET source = 'GpuQuote sample estimate: no A30 family (ini2) found in any source (shared/reference/volcengine-gpu.md); family and all specs unconfirmed'
 WHERE provider = 'VOLCENGINE' AND family = 'ecs.ini2';
UPDATE instance_types SET source = source || '; no L20 family found in any source (shared/reference/volcengine-gpu.md)'
 WHERE provider = 'VOLCENGINE' AND family = 'ecs.gni3cl';
UPDATE instance_types SET source = source || '; sizes: 4x/5xlarge 1, 8x/11xlarge 2, 17x/22xlarge 4, 35x/45xlarge 8 GPUs (shared/reference/volcengine-gpu.md)'
 WHERE provider = 'VOLCENGINE' AND family IN ('ecs.pni3ln', 'ecs.hpcpni3ln');

-- ecs.gni3 = NVIDIA L4 (ML-platform ml.gni3.* flavors labelled NVIDIA-L4 in third-party code; sold monthly in
-- cn-beijing zone C by a reseller). Sizes follow the gni2 pattern: GpuQuote estimates.
INSERT INTO instance_types (provider, family, code, gpu_model, gpu_count, vcpu, ram_gib, local_nvme_gib,
                            network_gbps, status, source, sample, rdma)
SELECT 'VOLCENGINE', 'ecs.gni3', v.code, 'L4-PCIE-24GB', v.gpu_count, v.vcpu, v.ram_gib, 0, v.net_gbps, 'ACTIVE',
       'ecs.gni3 = NVIDIA L4 per third-party ML-platform code (shared/reference/volcengine-gpu.md); size, vCPU, RAM and network are GpuQuote estimates following the gni2 pattern',
       true, false
FROM (VALUES
    ('ecs.gni3.3xlarge',  1,  12,  48,  8),
    ('ecs.gni3.7xlarge',  2,  28, 112, 16),
    ('ecs.gni3.14xlarge', 4,  56, 224, 32),
    ('ecs.gni3.28xlarge', 8, 112, 448, 64)
) AS v (code, gpu_count, vcpu, ram_gib, net_gbps);

INSERT INTO instance_type_regions (instance_type_id, provider, region_code)
SELECT t.id, t.provider, r.code
FROM instance_types t
CROSS JOIN (VALUES ('cn-beijing'), ('cn-shanghai')) AS r (code)
WHERE t.provider = 'VOLCENGINE' AND t.family = 'ecs.gni3';

-- 4. Alibaba Cloud and Tencent Cloud sample catalogs (every row sample = true).
INSERT INTO providers (code, name) VALUES
    ('ALIYUN',  'Alibaba Cloud 阿里云'),
    ('TENCENT', 'Tencent Cloud 腾讯云');

INSERT INTO regions (provider, code, name) VALUES
    ('ALIYUN',  'cn-beijing',   '华北2（北京）'),
    ('ALIYUN',  'cn-hangzhou',  '华东1（杭州）'),
    ('ALIYUN',  'cn-shanghai',  '华东2（上海）'),
    ('TENCENT', 'ap-beijing',   '北京'),
    ('TENCENT', 'ap-shanghai',  '上海'),
    ('TENCENT', 'ap-guangzhou', '广州');

INSERT INTO instance_types (provider, family, code, gpu_model, gpu_count, vcpu, ram_gib, local_nvme_gib,
                            network_gbps, status, source, sample, rdma)
SELECT v.provider, v.family, v.code, v.gpu_model, v.gpu_count, v.vcpu, v.ram_gib, 0, v.net_gbps, 'ACTIVE', v.source,
       true, false
FROM (VALUES
    -- Alibaba Cloud: vCPU / RAM / GPU count / VRAM from shared/reference/volcengine-gpu.md ("Other providers");
    -- the GPU model behind "80 GB" (gn7e) and "96 GB" (ebmgn8v) and every network value are GpuQuote assumptions.
    ('ALIYUN', 'ecs.gn7e-c16g1', 'ecs.gn7e-c16g1.4xlarge',  'A100-SXM4-80GB', 1,  16,  125, 16,
     'shared/reference/volcengine-gpu.md: gn7e-c16g1.4xlarge 16 vCPU / 125 GiB / 1 x 80 GB; A100 80GB and network are GpuQuote assumptions'),
    ('ALIYUN', 'ecs.gn7e-c16g1', 'ecs.gn7e-c16g1.8xlarge',  'A100-SXM4-80GB', 2,  32,  250, 16,
     'shared/reference/volcengine-gpu.md: gn7e-c16g1.8xlarge 32 vCPU / 250 GiB / 2 x 80 GB; A100 80GB and network are GpuQuote assumptions'),
    ('ALIYUN', 'ecs.gn7e-c16g1', 'ecs.gn7e-c16g1.16xlarge', 'A100-SXM4-80GB', 4,  64,  500, 32,
     'shared/reference/volcengine-gpu.md: gn7e-c16g1.16xlarge 64 vCPU / 500 GiB / 4 x 80 GB; A100 80GB and network are GpuQuote assumptions'),
    ('ALIYUN', 'ecs.gn7e-c16g1', 'ecs.gn7e-c16g1.32xlarge', 'A100-SXM4-80GB', 8, 128, 1000, 64,
     'shared/reference/volcengine-gpu.md: gn7e-c16g1.32xlarge 128 vCPU / 1,000 GiB / 8 x 80 GB; A100 80GB and network are GpuQuote assumptions'),
    ('ALIYUN', 'ecs.gn7i-c8g1',  'ecs.gn7i-c8g1.2xlarge',   'A10-PCIE-24GB',  1,   8,   30, 16,
     'shared/reference/volcengine-gpu.md: gn7i-c8g1.2xlarge 8 vCPU / 30 GiB / 1 x A10; network is a GpuQuote assumption'),
    ('ALIYUN', 'ecs.ebmgn8v',    'ecs.ebmgn8v.48xlarge',    'H20-SXM5-96GB',  8, 192, 1024, 100,
     'shared/reference/volcengine-gpu.md: ebmgn8v.48xlarge 192 vCPU / 1,024 GiB / 8 x 96 GB; H20 as the 96 GB GPU, network and RDMA are GpuQuote assumptions'),
    -- Tencent Cloud: GPU per family from shared/reference/volcengine-gpu.md (GT4 = A100 40 GB, GN10Xp = V100 32 GB,
    -- PNV4 = A10, GN7 = T4); type names, vCPU, RAM and network are GpuQuote estimates of Tencent's naming; the
    -- fractional GN7 slices (1/4, 1/2 T4) are not modelled (gpu_count is whole GPUs).
    ('TENCENT', 'GN7',    'GN7.5XLARGE80',     'T4-PCIE-16GB',   1,  20,  80,  7,
     'Tencent Cloud GN7 = T4 (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GN7',    'GN7.10XLARGE160',   'T4-PCIE-16GB',   2,  40, 160, 13,
     'Tencent Cloud GN7 = T4 (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GN7',    'GN7.20XLARGE320',   'T4-PCIE-16GB',   4,  80, 320, 25,
     'Tencent Cloud GN7 = T4 (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GN10Xp', 'GN10Xp.2XLARGE40',  'V100-SXM2-32GB', 1,  10,  40,  3,
     'Tencent Cloud GN10Xp = V100 32 GB (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GN10Xp', 'GN10Xp.5XLARGE80',  'V100-SXM2-32GB', 2,  20,  80,  6,
     'Tencent Cloud GN10Xp = V100 32 GB (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GN10Xp', 'GN10Xp.10XLARGE160','V100-SXM2-32GB', 4,  40, 160, 12,
     'Tencent Cloud GN10Xp = V100 32 GB (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GN10Xp', 'GN10Xp.20XLARGE320','V100-SXM2-32GB', 8,  80, 320, 25,
     'Tencent Cloud GN10Xp = V100 32 GB (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'PNV4',   'PNV4.7XLARGE116',   'A10-PCIE-24GB',  1,  28, 116, 13,
     'Tencent Cloud PNV4 = A10 (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'PNV4',   'PNV4.14XLARGE232',  'A10-PCIE-24GB',  2,  56, 232, 25,
     'Tencent Cloud PNV4 = A10 (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'PNV4',   'PNV4.28XLARGE466',  'A10-PCIE-24GB',  4, 112, 466, 50,
     'Tencent Cloud PNV4 = A10 (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GT4',    'GT4.4XLARGE96',     'A100-SXM4-40GB', 1,  16,  96, 10,
     'Tencent Cloud GT4 = A100 40 GB (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GT4',    'GT4.8XLARGE192',    'A100-SXM4-40GB', 2,  32, 192, 20,
     'Tencent Cloud GT4 = A100 40 GB (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GT4',    'GT4.20XLARGE474',   'A100-SXM4-40GB', 4,  82, 474, 25,
     'Tencent Cloud GT4 = A100 40 GB (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates'),
    ('TENCENT', 'GT4',    'GT4.41XLARGE948',   'A100-SXM4-40GB', 8, 164, 948, 50,
     'Tencent Cloud GT4 = A100 40 GB (shared/reference/volcengine-gpu.md); size and specs are GpuQuote estimates')
) AS v (provider, family, code, gpu_model, gpu_count, vcpu, ram_gib, net_gbps, source);

-- Region availability: not confirmed per type (covered by the sample flag): Alibaba rows in Beijing and Hangzhou,
-- Tencent rows in Beijing and Shanghai.
INSERT INTO instance_type_regions (instance_type_id, provider, region_code)
SELECT t.id, t.provider, r.code
FROM instance_types t
JOIN (VALUES ('ALIYUN', 'cn-beijing'), ('ALIYUN', 'cn-hangzhou'),
             ('TENCENT', 'ap-beijing'), ('TENCENT', 'ap-shanghai')) AS r (provider, code)
  ON r.provider = t.provider
WHERE t.provider IN ('ALIYUN', 'TENCENT');
