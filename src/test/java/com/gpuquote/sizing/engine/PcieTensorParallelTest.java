package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Tensor parallel over PCIe without NVLink (docs/sizing-model.md, "Serving throughput and latency"). */
class PcieTensorParallelTest {

    @Test
    void hostStagedAllReducesCostTheBusTwiceAndAHigherLatency() {
        // a 70B-like FP8 replica on 4 PCIe GPUs: 80 layers, h 8192, PCIe one direction 32 GB/s
        int layers = 80;
        int hidden = 8192;
        int tp = 4;
        double link = 32;
        ServingModel.Replica p2p = new ServingModel.Replica(70e9, 70e9, 1, layers, hidden, 8192, 81920, tp, 1, 362,
                864, link, 6.25, false);
        ServingModel.Replica staged = new ServingModel.Replica(70e9, 70e9, 1, layers, hidden, 8192, 81920, tp, 1, 362,
                864, link, 6.25, true);
        int batch = 32;
        int in = 1024;
        int out = 256;
        double cycleP2p = batch * out / ServingModel.outputTokensPerSecond(p2p, batch, in, out);
        double cycleStaged = batch * out / ServingModel.outputTokensPerSecond(staged, batch, in, out);
        // by hand: each of the 2·L all-reduces per forward pass pays 25 − 10 = 15 µs more latency, and its ring bytes
        // (tokens · h · 2 B · 2(TP−1)/TP) at half the link take 1/link longer; one prefill of B·in tokens plus `out`
        // decode steps of B tokens
        double ringShare = 2.0 * (tp - 1) / tp;
        double extraPrefill = 2 * layers * (15e-6 + (double) batch * in * hidden * 2 * ringShare / (link * 1e9));
        double extraStep = 2 * layers * (15e-6 + (double) batch * hidden * 2 * ringShare / (link * 1e9));
        assertThat(cycleStaged - cycleP2p).isCloseTo(extraPrefill + out * extraStep, within(1e-9));
        assertThat(cycleStaged).isGreaterThan(cycleP2p);
    }

    @Test
    void tensorParallelOnPcieGpusIsSaidAndNvlinkIsNot() {
        // llama-3-70b FP8: 65.7 GiB of weights do not fit one 45 GiB L40S; 4 of them are tensor parallel over PCIe
        SizingInput in = Inputs.inference("llama-3-70b", Precision.FP8, 4096).build();
        CandidateInstance l40s = new CandidateInstance("l40s4", "L40S-PCIE-48GB", 4, 45, 64, 512, BillingMode.HOURLY,
                new BigDecimal("30"), "CNY", null, 362.0, 362.0, 733.0, 733.0, 864, "PCIE", 64, 50, false);
        CandidateInstance h100 = new CandidateInstance("h100x4", "H100-SXM5-80GB", 4, 80, 64, 1024, BillingMode.HOURLY,
                new BigDecimal("90"), "CNY", null, 989.0, 989.0, 1979.0, 1979.0, 3350, "NVLINK", 900, 100, false);
        Recommendation rec = Recommender.recommend(in, List.of(l40s, h100), RatioPolicy.defaults());
        RankedCandidate onPcie = rec.candidates().stream().filter(c -> c.instanceType().equals("l40s4")).findFirst()
                .orElseThrow();
        assertThat(onPcie.plan().tensorParallel()).isGreaterThan(1);
        assertThat(onPcie.warnings()).filteredOn(n -> n.code().equals(NoteCodes.TP_OVER_PCIE)).singleElement()
                .extracting(Note::args).isEqualTo(List.of(onPcie.plan().tensorParallel()));
        assertThat(rec.candidates()).filteredOn(c -> c.instanceType().equals("h100x4")).singleElement()
                .satisfies(c -> assertThat(c.warnings()).extracting(Note::code).doesNotContain(NoteCodes.TP_OVER_PCIE));
    }
}
