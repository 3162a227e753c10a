package com.gpuquote.sizing;

import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.engine.ModelPreset;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.SizingEngine;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.SizingResult;
import com.gpuquote.sizing.engine.SizingValidationException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;

/**
 * Sizing for the signed-in tenant: the engine ({@code sizing.engine}) with the tenant's {@link SizingPolicy}.
 * Invalid input answers {@link InvalidInputException} with the engine's field names (JSON paths such as
 * {@code model.parameters}) and codes.
 */
@Service
@PreAuthorize("hasAnyRole('CONSULTANT', 'TENANT_ADMIN')")
public class SizingService {

    private final SizingPolicyService policies;

    SizingService(SizingPolicyService policies) {
        this.policies = policies;
    }

    /** Sizes one input with the tenant's policy. */
    @Transactional(readOnly = true)
    public SizingResult size(SizingInput input) {
        List<FieldError> errors = validate(input);
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        try {
            return SizingEngine.size(input, policies.ratioPolicy());
        } catch (SizingValidationException e) {
            throw invalid(e);
        }
    }

    /** Every problem of the input (empty when it can be sized). */
    public List<FieldError> validate(SizingInput input) {
        return toShared(SizingEngine.validate(input));
    }

    /** The built-in model presets in display order. */
    public List<ModelPreset> presets() {
        return ModelPresets.all();
    }

    static InvalidInputException invalid(SizingValidationException e) {
        return new InvalidInputException(toShared(e.errors()));
    }

    static List<FieldError> toShared(List<com.gpuquote.sizing.engine.FieldError> errors) {
        return errors.stream().map(e -> new FieldError(e.field(), e.code(), e.message())).toList();
    }
}
