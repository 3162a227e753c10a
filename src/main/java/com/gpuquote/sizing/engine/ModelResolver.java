package com.gpuquote.sizing.engine;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** Resolves the {@code model} of a request: a preset looked up, or explicit figures validated with their defaults. */
final class ModelResolver {

    private ModelResolver() {
    }

    static @Nullable ModelSpec resolveModel(ModelInput m, Resolved r, List<FieldError> errors) {
        if (m.preset() != null) {
            if (m.hasExplicitFields()) {
                InputResolver.error(errors, "model", "presetOrExplicit", "give either model.preset or explicit model figures, not both");
                return null;
            }
            ModelSpec spec = ModelPresets.spec(m.preset());
            if (spec == null) {
                InputResolver.error(errors, "model.preset", "unknown", "unknown model preset '" + m.preset() + "'");
            }
            return spec;
        }
        int before = errors.size();
        Long p = m.parameters();
        if (p == null) {
            InputResolver.error(errors, "model.parameters", "required", "model.parameters is required");
        } else if (p <= 0) {
            InputResolver.error(errors, "model.parameters", "positive", "model.parameters must be greater than 0");
        } else if (p > SizingEngine.MAX_PARAMETERS) {
            InputResolver.error(errors, "model.parameters", "tooLarge", "model.parameters must be at most 10^13");
        }
        int layers = requiredPositive(errors, "model.layers", m.layers(), SizingEngine.MAX_LAYERS);
        int hidden = requiredPositive(errors, "model.hiddenSize", m.hiddenSize(), SizingEngine.MAX_HIDDEN_SIZE);
        int heads = requiredPositive(errors, "model.attentionHeads", m.attentionHeads(), SizingEngine.MAX_HIDDEN_SIZE);
        int headDim = optionalPositive(errors, "model.headDim", m.headDim(), SizingEngine.MAX_HIDDEN_SIZE, 0);
        if (headDim == 0 && hidden > 0 && heads > 0 && hidden % heads != 0) {
            InputResolver.error(errors, "model.attentionHeads", "mustDivideHidden",
                    "model.attentionHeads must divide model.hiddenSize (or give model.headDim)");
        }
        if (headDim == 0 && heads > 0) {
            headDim = hidden / heads;
        }
        int kv = heads;
        if (m.kvHeads() != null) {
            kv = m.kvHeads();
            if (kv < 1) {
                InputResolver.error(errors, "model.kvHeads", "positive", "model.kvHeads must be at least 1");
            } else if (heads > 0 && heads % kv != 0) {
                InputResolver.error(errors, "model.kvHeads", "mustDivideHeads", "model.kvHeads must divide model.attentionHeads");
            }
        }
        int vocab = 0;
        if (m.vocabSize() != null) {
            vocab = m.vocabSize();
            if (vocab < 1) {
                InputResolver.error(errors, "model.vocabSize", "positive", "model.vocabSize must be at least 1");
            }
        }
        int intermediate = optionalPositive(errors, "model.intermediateSize", m.intermediateSize(), SizingEngine.MAX_HIDDEN_SIZE, 0);
        boolean tied = Boolean.TRUE.equals(m.tieWordEmbeddings());
        int experts = optionalPositive(errors, "model.experts", m.experts(), 4096, 0);
        int perToken = 0;
        int moeIntermediate = 0;
        int shared = 0;
        if (experts > 0) {
            perToken = optionalPositive(errors, "model.expertsPerToken", m.expertsPerToken(), 4096, 2);
            if (perToken > experts) {
                InputResolver.error(errors, "model.expertsPerToken", "exceedsExperts",
                        "model.expertsPerToken must not exceed model.experts");
            }
            moeIntermediate = optionalPositive(errors, "model.moeIntermediateSize", m.moeIntermediateSize(),
                    SizingEngine.MAX_HIDDEN_SIZE, intermediate);
            if (moeIntermediate == 0) {
                InputResolver.error(errors, "model.moeIntermediateSize", "required",
                        "model.moeIntermediateSize (or model.intermediateSize) is required with model.experts");
            }
            shared = m.sharedExperts() == null ? 0 : m.sharedExperts();
            if (shared < 0 || shared > 4096) {
                InputResolver.error(errors, "model.sharedExperts", "range", "model.sharedExperts must be between 0 and 4096");
            }
        } else if (m.expertsPerToken() != null || m.moeIntermediateSize() != null || m.sharedExperts() != null) {
            InputResolver.error(errors, "model.experts", "required",
                    "model.experts is required with expertsPerToken, moeIntermediateSize or sharedExperts");
        }
        int kvLoraRank = optionalPositive(errors, "model.kvLoraRank", m.kvLoraRank(), SizingEngine.MAX_HIDDEN_SIZE, 0);
        int rope = 0;
        if (kvLoraRank > 0) {
            rope = optionalPositive(errors, "model.qkRopeHeadDim", m.qkRopeHeadDim(), SizingEngine.MAX_HIDDEN_SIZE, 64);
        } else if (m.qkRopeHeadDim() != null) {
            InputResolver.error(errors, "model.kvLoraRank", "required", "model.kvLoraRank is required with model.qkRopeHeadDim");
        }
        long ll;
        if (m.largestLayerParameters() != null) {
            ll = m.largestLayerParameters();
            if (ll < 1) {
                InputResolver.error(errors, "model.largestLayerParameters", "positive",
                        "model.largestLayerParameters must be at least 1");
            } else if (p != null && p > 0 && ll > p) {
                InputResolver.error(errors, "model.largestLayerParameters", "exceedsParameters",
                        "model.largestLayerParameters must not exceed model.parameters");
            }
        } else {
            ll = ModelSpec.defaultLargestLayer(hidden, vocab);
            r.largestLayerEstimated = vocab <= 0;
        }
        if (errors.size() > before) {
            return null;
        }
        long active = Math.max(1, p - ModelSpec.inactiveExpertParameters(layers, hidden, experts, perToken,
                moeIntermediate));
        return new ModelSpec(null, ModelKind.TRANSFORMER, p, layers, hidden, heads, kv, vocab, ll, headDim,
                intermediate, !Boolean.FALSE.equals(m.gatedMlp()), tied, experts, perToken, moeIntermediate, shared, kvLoraRank, rope, active, null);
    }

    private static int optionalPositive(List<FieldError> errors, String field, Integer v, int max, int dflt) {
        if (v == null) {
            return dflt;
        }
        if (v < 1) {
            InputResolver.error(errors, field, "positive", field + " must be at least 1");
            return dflt;
        }
        if (v > max) {
            InputResolver.error(errors, field, "tooLarge", field + " must be at most " + max);
            return dflt;
        }
        return v;
    }

    private static int requiredPositive(List<FieldError> errors, String field, Integer v, int max) {
        if (v == null) {
            InputResolver.error(errors, field, "required", field + " is required");
            return 0;
        }
        if (v < 1) {
            InputResolver.error(errors, field, "positive", field + " must be at least 1");
            return 0;
        }
        if (v > max) {
            InputResolver.error(errors, field, "tooLarge", field + " must be at most " + max);
            return 0;
        }
        return v;
    }
}
