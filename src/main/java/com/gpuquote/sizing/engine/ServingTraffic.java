package com.gpuquote.sizing.engine;

/**
 * The traffic a serving plan must carry (request field {@code traffic}): requests per second, and the prompt and
 * generated tokens of an average request.
 */
public record ServingTraffic(Double requestsPerSecond, Integer inputTokens, Integer outputTokens) {

    /** Output tokens per second the traffic asks for. */
    public double outputTokensPerSecond() {
        return requestsPerSecond * outputTokens;
    }
}
