package com.gpuquote.sizing.api;

import com.gpuquote.sizing.SizingPolicy;
import com.gpuquote.sizing.SizingPolicyService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The tenant's sizing policy: {@code {"bands":{"TRAINING":{"min":2,"max":4},…},"cpuIntensiveBand":{…},
 * "usableVramFraction":0.9,"version":0,"defaults":true}}. PUT is for tenant admins.
 */
@RestController
@RequestMapping("/api/v1/sizing/policy")
@Tag(name = "Sizing")
class SizingPolicyController {

    private final SizingPolicyService policies;

    SizingPolicyController(SizingPolicyService policies) {
        this.policies = policies;
    }

    @GetMapping
    @Operation(summary = "The tenant's RAM:VRAM bands and usable VRAM fraction (defaults when never set)")
    SizingPolicy get() {
        return policies.current();
    }

    @PutMapping
    @Operation(summary = "Replace the sizing policy (TENANT_ADMIN); band min >= 0.5, max >= min, fraction 0.5-1.0")
    SizingPolicy put(@RequestBody SizingPolicy body) {
        return policies.update(body);
    }
}
