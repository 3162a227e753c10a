-- Shipped Volcano Engine GPU catalog (issue 4). Real data migration, not demo-only.
-- Every row names its source. sample = true marks rows with any value that is NOT from the provider's own
-- documentation (for GPU models the provider is NVIDIA and the documentation is the named datasheet).
-- At the time of writing no Volcano Engine product page could be consulted, so EVERY instance type row is
-- sample = true: family names, sizes, vCPU, RAM, NVMe, network and region availability come from third-party
-- material where one is named, otherwise they are GpuQuote estimates following the family's size pattern.
-- Replace them with values from https://www.volcengine.com/docs/6396 (实例规格族) and flip sample to false.
-- Units: ADR docs/decisions/0101-catalog-vram-units.md.

INSERT INTO providers (code, name) VALUES
    ('VOLCENGINE', 'Volcano Engine 火山引擎');

INSERT INTO regions (provider, code, name) VALUES
    ('VOLCENGINE', 'cn-beijing',   '华北2（北京）'),
    ('VOLCENGINE', 'cn-shanghai',  '华东2（上海）'),
    ('VOLCENGINE', 'cn-guangzhou', '华南1（广州）');

-- GPU models. TFLOPS are dense tensor-core values (the datasheets' "*with sparsity" figures halved).
INSERT INTO gpu_models (code, vendor, architecture, vram_gib, memory_bandwidth_gb_s, fp16_tflops, bf16_tflops,
                        interconnect, interconnect_gb_s, source, sample) VALUES
    ('T4-PCIE-16GB',    'NVIDIA', 'Turing',       16,  320,   65,     NULL,   'PCIE',   32,
     'NVIDIA T4 Tensor Core GPU datasheet (FP16 mixed-precision tensor; no BF16)', false),
    ('A10-PCIE-24GB',   'NVIDIA', 'Ampere',       24,  600,  125,    125,     'PCIE',   64,
     'NVIDIA A10 Tensor Core GPU datasheet', false),
    ('A30-PCIE-24GB',   'NVIDIA', 'Ampere',       24,  933,  165,    165,     'PCIE',   64,
     'NVIDIA A30 Tensor Core GPU datasheet (PCIe Gen4; optional NVLink bridge 200 GB/s not modelled)', false),
    ('V100-SXM2-32GB',  'NVIDIA', 'Volta',        32,  900,  125,    NULL,    'NVLINK', 300,
     'NVIDIA Tesla V100 GPU datasheet (SXM2, tensor performance; no BF16)', false),
    ('A100-SXM4-40GB',  'NVIDIA', 'Ampere',       40, 1555,  312,    312,     'NVLINK', 600,
     'NVIDIA A100 Tensor Core GPU datasheet (SXM4 40GB)', false),
    ('A100-SXM4-80GB',  'NVIDIA', 'Ampere',       80, 2039,  312,    312,     'NVLINK', 600,
     'NVIDIA A100 Tensor Core GPU datasheet (SXM4 80GB)', false),
    ('A800-SXM4-80GB',  'NVIDIA', 'Ampere',       80, 2039,  312,    312,     'NVLINK', 400,
     'NVIDIA A800 product information (China market); compute/bandwidth assumed equal to A100 SXM4 80GB with NVLink 400 GB/s - not checked against an NVIDIA datasheet', true),
    ('L20-PCIE-48GB',   'NVIDIA', 'Ada Lovelace', 48,  864,  119.5,  119.5,   'PCIE',   64,
     'NVIDIA L20 (China market) - no public NVIDIA datasheet consulted; values from third-party spec summaries', true),
    ('L40S-PCIE-48GB',  'NVIDIA', 'Ada Lovelace', 48,  864,  362.05, 362.05,  'PCIE',   64,
     'NVIDIA L40S GPU datasheet', false),
    ('H20-SXM5-96GB',   'NVIDIA', 'Hopper',       96, 4000,  148,    148,     'NVLINK', 900,
     'NVIDIA H20 (China market) - no public NVIDIA datasheet consulted; values from third-party spec summaries', true),
    ('H100-SXM5-80GB',  'NVIDIA', 'Hopper',       80, 3350,  989,    989,     'NVLINK', 900,
     'NVIDIA H100 Tensor Core GPU datasheet (SXM5)', false),
    ('H800-SXM5-80GB',  'NVIDIA', 'Hopper',       80, 3350,  989,    989,     'NVLINK', 400,
     'NVIDIA H800 (China market) - assumed H100 SXM5 compute with NVLink 400 GB/s; no NVIDIA datasheet consulted', true),
    ('H200-SXM5-141GB', 'NVIDIA', 'Hopper',      141, 4800,  989,    989,     'NVLINK', 900,
     'NVIDIA H200 Tensor Core GPU datasheet (SXM)', false);

-- Instance types. Columns: code, family, gpu model, gpu count, vCPU, RAM GiB, local NVMe GiB, network Gbit/s, source.
-- All sample = true (see header).
INSERT INTO instance_types (provider, family, code, gpu_model, gpu_count, vcpu, ram_gib, local_nvme_gib,
                            network_gbps, status, source, sample)
SELECT 'VOLCENGINE', v.family, v.code, v.gpu_model, v.gpu_count, v.vcpu, v.ram_gib, v.nvme_gib, v.net_gbps,
       'ACTIVE', v.source, true
FROM (VALUES
    -- T4: family name from memory of the Volcano Engine family list, unconfirmed; sizes and specs estimated.
    ('ecs.g1tl', 'ecs.g1tl.4xlarge',  'T4-PCIE-16GB',   1,  16,   64,     0,   8,
     'GpuQuote sample estimate: T4 family name and all specs unconfirmed against Volcano Engine docs'),
    ('ecs.g1tl', 'ecs.g1tl.8xlarge',  'T4-PCIE-16GB',   2,  32,  128,     0,  16,
     'GpuQuote sample estimate: T4 family name and all specs unconfirmed against Volcano Engine docs'),
    ('ecs.g1tl', 'ecs.g1tl.16xlarge', 'T4-PCIE-16GB',   4,  64,  256,     0,  25,
     'GpuQuote sample estimate: T4 family name and all specs unconfirmed against Volcano Engine docs'),

    -- A10 (ecs.gni2). 3xlarge vCPU/RAM/GPU from a third-party GitHub README ("Ecs.gni2.3xlarge: 14 vCPUs, 56 GB, A10 x 1");
    -- larger sizes scaled linearly by GPU count.
    ('ecs.gni2', 'ecs.gni2.3xlarge',  'A10-PCIE-24GB',  1,  14,   56,     0,   8,
     'Third-party GitHub README (DMA OL project) lists ecs.gni2.3xlarge as 14 vCPU / 56 GB / 1x A10; network is a GpuQuote estimate'),
    ('ecs.gni2', 'ecs.gni2.7xlarge',  'A10-PCIE-24GB',  2,  28,  112,     0,  16,
     'GpuQuote sample estimate: ecs.gni2.3xlarge (third-party) scaled x2'),
    ('ecs.gni2', 'ecs.gni2.14xlarge', 'A10-PCIE-24GB',  4,  56,  224,     0,  32,
     'GpuQuote sample estimate: ecs.gni2.3xlarge (third-party) scaled x4'),
    ('ecs.gni2', 'ecs.gni2.28xlarge', 'A10-PCIE-24GB',  8, 112,  448,     0,  64,
     'GpuQuote sample estimate: ecs.gni2.3xlarge (third-party) scaled x8'),

    -- A30: family name unconfirmed; size pattern .3/.7/.14/.28xlarge = 1/2/4/8 GPUs as in the pni2l family.
    ('ecs.ini2', 'ecs.ini2.3xlarge',  'A30-PCIE-24GB',  1,  12,   48,     0,   8,
     'GpuQuote sample estimate: A30 family name and all specs unconfirmed against Volcano Engine docs'),
    ('ecs.ini2', 'ecs.ini2.7xlarge',  'A30-PCIE-24GB',  2,  28,  112,     0,  16,
     'GpuQuote sample estimate: A30 family name and all specs unconfirmed against Volcano Engine docs'),
    ('ecs.ini2', 'ecs.ini2.14xlarge', 'A30-PCIE-24GB',  4,  56,  224,     0,  32,
     'GpuQuote sample estimate: A30 family name and all specs unconfirmed against Volcano Engine docs'),
    ('ecs.ini2', 'ecs.ini2.28xlarge', 'A30-PCIE-24GB',  8, 112,  448,     0,  64,
     'GpuQuote sample estimate: A30 family name and all specs unconfirmed against Volcano Engine docs'),

    -- V100 32GB: ecs.g1ve.2xlarge appears in third-party SDK sample code (cn-beijing-b); GPU model and specs unconfirmed.
    ('ecs.g1ve', 'ecs.g1ve.2xlarge',  'V100-SXM2-32GB', 1,   8,   64,     0,   4,
     'Name seen in third-party Volcano Engine SDK sample code; V100 assignment and all specs are GpuQuote estimates'),
    ('ecs.g1ve', 'ecs.g1ve.4xlarge',  'V100-SXM2-32GB', 2,  16,  128,     0,   8,
     'GpuQuote sample estimate: V100 family, size and specs unconfirmed against Volcano Engine docs'),
    ('ecs.g1ve', 'ecs.g1ve.8xlarge',  'V100-SXM2-32GB', 4,  32,  256,     0,  16,
     'GpuQuote sample estimate: V100 family, size and specs unconfirmed against Volcano Engine docs'),
    ('ecs.g1ve', 'ecs.g1ve.16xlarge', 'V100-SXM2-32GB', 8,  64,  512,     0,  32,
     'GpuQuote sample estimate: V100 family, size and specs unconfirmed against Volcano Engine docs'),

    -- A100 40GB (ecs.pni2): family listed as "GPU计算型 ecs.pni2 (A100/A800)" and ecs.pni2.14xlarge named in the
    -- volcengine/mcp-server ECS tool descriptions; 40GB variant and all specs unconfirmed.
    ('ecs.pni2', 'ecs.pni2.3xlarge',  'A100-SXM4-40GB', 1,  12,  120,     0,  16,
     'Family named in volcengine/mcp-server (mcp_server_ecs) tool text; VRAM variant, size mapping and specs are GpuQuote estimates'),
    ('ecs.pni2', 'ecs.pni2.7xlarge',  'A100-SXM4-40GB', 2,  28,  240,     0,  25,
     'Family named in volcengine/mcp-server (mcp_server_ecs) tool text; VRAM variant, size mapping and specs are GpuQuote estimates'),
    ('ecs.pni2', 'ecs.pni2.14xlarge', 'A100-SXM4-40GB', 4,  56,  480,     0,  50,
     'Type name in volcengine/mcp-server (mcp_server_ecs) tool text; VRAM variant and specs are GpuQuote estimates'),
    ('ecs.pni2', 'ecs.pni2.28xlarge', 'A100-SXM4-40GB', 8, 112,  960,  3576, 100,
     'Family named in volcengine/mcp-server (mcp_server_ecs) tool text; VRAM variant, size mapping and specs are GpuQuote estimates'),

    -- A100 80GB with RDMA (ecs.hpcpni2): family named as 高性能计算GPU型 with RDMA in volcengine/mcp-server; specs estimated.
    -- RAM deliberately below a 1:2 VRAM:RAM band (8x80 GiB with 1 TiB) as is common for real 8-GPU nodes.
    ('ecs.hpcpni2', 'ecs.hpcpni2.28xlarge', 'A100-SXM4-80GB', 8, 112, 1024, 7152, 100,
     'Family named in volcengine/mcp-server (mcp_server_ecs) tool text; 80GB variant, size and specs are GpuQuote estimates'),

    -- A800 80GB (ecs.pni2l): third-party ML-platform code maps flavors pni2l .3xlarge/.7xlarge/.14xlarge = 1/2/4 GPUs and
    -- comments "a800"; ECS-side names and all specs are estimates.
    ('ecs.pni2l', 'ecs.pni2l.3xlarge',  'A800-SXM4-80GB', 1,  12,  240,     0,  16,
     'Third-party code maps Volcano ML-platform flavor pni2l.3xlarge to 1x A800; ECS name and specs are GpuQuote estimates'),
    ('ecs.pni2l', 'ecs.pni2l.7xlarge',  'A800-SXM4-80GB', 2,  28,  480,     0,  25,
     'Third-party code maps Volcano ML-platform flavor pni2l.7xlarge to 2 GPUs; ECS name and specs are GpuQuote estimates'),
    ('ecs.pni2l', 'ecs.pni2l.14xlarge', 'A800-SXM4-80GB', 4,  56,  960,     0,  50,
     'Third-party code maps Volcano ML-platform flavor pni2l.14xlarge to 4 GPUs; ECS name and specs are GpuQuote estimates'),
    ('ecs.pni2l', 'ecs.pni2l.28xlarge', 'A800-SXM4-80GB', 8, 112, 1920,  7152, 100,
     'Third-party code names ML-platform flavor pni2l.28xlarge (8 GPUs); ECS name and specs are GpuQuote estimates'),

    -- A800 80GB bare metal: third-party ops notes of a cn-shanghai VKE cluster: 128 CPU / 2TB RAM / 8x A800-SXM4-80GB.
    ('ecs.ebmhpcpni2l', 'ecs.ebmhpcpni2l.32xlarge', 'A800-SXM4-80GB', 8, 128, 2048, 7152, 100,
     'Third-party GitHub ops notes (VKE node in cn-shanghai-b): 128 vCPU / ~2 TiB RAM / 8x A800-SXM4-80GB; NVMe, network and region list are GpuQuote estimates'),

    -- L20 48GB: third-party code names ML-platform flavor gni3cl.45xlarge; GPU assignment (L20), family and specs unconfirmed.
    -- (Third-party code associates the plain gni3 family with NVIDIA L4, so L20 is NOT placed in ecs.gni3.)
    ('ecs.gni3cl', 'ecs.gni3cl.5xlarge',  'L20-PCIE-48GB', 1,  20,   96,     0,  16,
     'GpuQuote sample estimate: L20 family name (from ML flavor gni3cl) and all specs unconfirmed against Volcano Engine docs'),
    ('ecs.gni3cl', 'ecs.gni3cl.11xlarge', 'L20-PCIE-48GB', 2,  44,  192,     0,  25,
     'GpuQuote sample estimate: L20 family name (from ML flavor gni3cl) and all specs unconfirmed against Volcano Engine docs'),
    ('ecs.gni3cl', 'ecs.gni3cl.22xlarge', 'L20-PCIE-48GB', 4,  88,  384,     0,  50,
     'GpuQuote sample estimate: L20 family name (from ML flavor gni3cl) and all specs unconfirmed against Volcano Engine docs'),
    ('ecs.gni3cl', 'ecs.gni3cl.45xlarge', 'L20-PCIE-48GB', 8, 180,  768,  3576, 100,
     'Third-party code names ML-platform flavor gni3cl.45xlarge; L20 assignment and specs are GpuQuote estimates'),

    -- H20 96GB: third-party material names ml.pni3ln.5xlarge as a 1x H20 flavor and ecs.hpcpni3ln.45xlarge as "H20 x 8".
    ('ecs.pni3ln', 'ecs.pni3ln.5xlarge',  'H20-SXM5-96GB', 1,  20,  240,     0,  25,
     'Third-party notes name ML-platform flavor pni3ln.5xlarge as 1x H20; ECS name and specs are GpuQuote estimates'),
    ('ecs.pni3ln', 'ecs.pni3ln.11xlarge', 'H20-SXM5-96GB', 2,  44,  480,     0,  50,
     'GpuQuote sample estimate following the pni3ln size pattern; unconfirmed against Volcano Engine docs'),
    ('ecs.pni3ln', 'ecs.pni3ln.22xlarge', 'H20-SXM5-96GB', 4,  88,  960,     0, 100,
     'GpuQuote sample estimate following the pni3ln size pattern; unconfirmed against Volcano Engine docs'),
    ('ecs.hpcpni3ln', 'ecs.hpcpni3ln.45xlarge', 'H20-SXM5-96GB', 8, 180, 1920, 7152, 200,
     'Third-party Helm/VKE docs use node instance-type ecs.hpcpni3ln.45xlarge as "H20 x 8"; vCPU, RAM, NVMe, network are GpuQuote estimates'),

    -- H20 bare metal: vllm-project/aibrix samples/deepseek-r1/README.md (ByteDance open source, not Volcano Engine docs):
    -- 192 vCPU, 2048 GiB, 8x H20-SXM5-96GB, 400 Gbps x 8 RDMA + 96 Gbps, local NVMe 3576 GiB x 4.
    ('ecs.ebmhpcpni3l', 'ecs.ebmhpcpni3l.48xlarge', 'H20-SXM5-96GB', 8, 192, 2048, 14304, 96,
     'vllm-project/aibrix samples/deepseek-r1/README.md: 192 vCPU / 2048 GiB / 8x H20-SXM5-96GB / NVMe 4x3576 GiB / 96 Gbps VPC (+8x400 Gbps RDMA, not modelled); region list is a GpuQuote estimate')
) AS v (family, code, gpu_model, gpu_count, vcpu, ram_gib, nvme_gib, net_gbps, source);

-- Region availability: not confirmed per type; shipped as offered in both regions (covered by the rows' sample flag).
INSERT INTO instance_type_regions (instance_type_id, provider, region_code)
SELECT t.id, t.provider, r.code
FROM instance_types t
CROSS JOIN (VALUES ('cn-beijing'), ('cn-shanghai')) AS r (code)
WHERE t.provider = 'VOLCENGINE';
