package com.gpuquote.sizing.engine;

import org.jspecify.annotations.Nullable;

/**
 * The traffic a serving plan must carry (request field {@code traffic}): requests per second, the prompt and
 * generated tokens of an average request, and optionally the latency the customer is promised: {@code ttftMs} (time
 * to the first token) and {@code tpotMs} (time per output token), each at the plan's operating point.
 */
public record ServingTraffic(Double requestsPerSecond, Integer inputTokens, Integer outputTokens,
                             @Nullable Double ttftMs, @Nullable Double tpotMs) {

    /** Without a latency objective. */
    public ServingTraffic(Double requestsPerSecond, Integer inputTokens, Integer outputTokens) {
        this(requestsPerSecond, inputTokens, outputTokens, null, null);
    }

    /** Output tokens per second the traffic asks for. */
    public double outputTokensPerSecond() {
        return requestsPerSecond * outputTokens;
    }

    /** True when a first-token or per-token latency is asked. */
    public boolean hasSlo() {
        return ttftMs != null || tpotMs != null;
    }
}
