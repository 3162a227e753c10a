-- Usable GPU memory as the driver reports it (ADR 4002). GDDR cards report less than the memory they are sold with
-- (ECC and the driver's reserve come out of the same chips): nvidia-smi memory.total on an L40S is 46,068 MiB =
-- 44.99 GiB, not 48. Sizing and plans use driver_vram_gib where it is set; vram_gib stays the nominal figure (the
-- quote, the RAM:VRAM band and the catalog filter keep it). HBM cards keep NULL: nominal.
-- Sources (nvidia-smi memory.total in MiB, GiB = MiB / 1024, 2 decimals half-up), docs/sizing-model.md:
--   L40S 46,068 MiB: akash-network/provider-configs PR 99, modal-labs/modal-client PR 2797
--   L20 46,068 MiB: vllm-project/vllm issue 14011
--   L4 23,034 MiB, T4 15,360 MiB, A10 23,028 MiB: modal-labs/modal-client PR 2797
--   RTX 4090 24,564 MiB: RLinf/RLinf issue 255, vllm-project/vllm issue 7553
ALTER TABLE gpu_models
    ADD COLUMN driver_vram_gib numeric(8, 2) CHECK (driver_vram_gib > 0 AND driver_vram_gib <= vram_gib);

COMMENT ON COLUMN gpu_models.driver_vram_gib IS
    'Per GPU, the memory the driver reports (nvidia-smi memory.total / 1024) where below nominal (GDDR cards); NULL = vram_gib';

UPDATE gpu_models SET driver_vram_gib = 44.99 WHERE code IN ('L40S-PCIE-48GB', 'L20-PCIE-48GB');
UPDATE gpu_models SET driver_vram_gib = 22.49 WHERE code IN ('L4-PCIE-24GB', 'A10-PCIE-24GB');
UPDATE gpu_models SET driver_vram_gib = 15.00 WHERE code = 'T4-PCIE-16GB';

-- H100 PCIe (HBM2e; nominal memory) and GeForce RTX 4090 (GDDR6X; driver-reported 24,564 MiB = 23.99 GiB).
-- TFLOPS dense (the datasheets' sparse figures halved). The 4090's tensor rates are the FP32-accumulate ones
-- (GeForce halves FP16/BF16 with FP32 accumulation, which training and inference frameworks use), from NVIDIA's
-- Ada Lovelace architecture whitepaper; sample = true: not a data-centre part and not re-read against the paper.
INSERT INTO gpu_models (code, vendor, architecture, vram_gib, memory_bandwidth_gb_s, fp16_tflops, bf16_tflops,
                        fp8_tflops, int8_tflops, interconnect, interconnect_gb_s, source, sample, driver_vram_gib) VALUES
    ('H100-PCIE-80GB', 'NVIDIA', 'Hopper', 80, 2000, 756, 756, 1513, 1513, 'PCIE', 128,
     'NVIDIA H100 Tensor Core GPU datasheet (PCIe 80GB HBM2e, 2 TB/s; BF16/FP16 756, FP8 1513, INT8 1513 TOPS dense; PCIe Gen5 128 GB/s, the optional NVLink bridge not modelled)',
     false, NULL),
    ('RTX4090-PCIE-24GB', 'NVIDIA', 'Ada Lovelace', 24, 1008, 165.2, 165.2, 330.3, 660.6, 'PCIE', 64,
     'NVIDIA Ada Lovelace architecture whitepaper, GeForce RTX 4090 (24 GB GDDR6X, 1,008 GB/s; FP16/BF16 165.2 and FP8 330.3 with FP32 accumulate, INT8 660.6 TOPS dense; PCIe Gen4, no NVLink); driver-reported 24,564 MiB (RLinf/RLinf issue 255)',
     true, 23.99);

-- Instance types of GPUs resellers sell in China where a source names the provider family (sample = true like the
-- other provider rows: sizes not from the providers' own pages).
INSERT INTO instance_types (provider, family, code, gpu_model, gpu_count, vcpu, ram_gib, local_nvme_gib,
                            network_gbps, status, source, sample, rdma)
VALUES
    ('TENCENT', 'HCCPNV5', 'HCCPNV5.48XLARGE2048', 'H800-SXM5-80GB', 8, 192, 2048, 0, 100, 'ACTIVE',
     'Tencent Cloud HCCPNV5 = 8 x H800 with 24 vCPU / 256 GiB per GPU (third-party accelerator preset table anchored on Tencent HCCPNV5; HCCPNV5 also named as a THPC compute node in a Tencent Cloud Ansible example); type name after Tencent''s vCPU/RAM naming, network and RDMA (HCC = high-performance computing cluster) are GpuQuote assumptions',
     true, true),
    ('ALIYUN', 'ecs.gn8is-2x', 'ecs.gn8is-2x.8xlarge', 'L20-PCIE-48GB', 2, 32, 256, 0, 16, 'ACTIVE',
     'Alibaba Cloud ecs.gn8is = NVIDIA L20 48 GB; ecs.gn8is-2x.8xlarge = 2 x L20 / 32 vCPU / 256 GB (Alibaba Cloud Compute Nest service READMEs); network is a GpuQuote assumption',
     true, false);

INSERT INTO instance_type_regions (instance_type_id, provider, region_code)
SELECT t.id, t.provider, r.code
FROM instance_types t
JOIN (VALUES ('ALIYUN', 'cn-beijing'), ('ALIYUN', 'cn-hangzhou'),
             ('TENCENT', 'ap-beijing'), ('TENCENT', 'ap-shanghai')) AS r (provider, code)
  ON r.provider = t.provider
WHERE t.code IN ('HCCPNV5.48XLARGE2048', 'ecs.gn8is-2x.8xlarge');
