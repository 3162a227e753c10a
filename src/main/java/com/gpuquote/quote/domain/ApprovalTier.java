package com.gpuquote.quote.domain;

import com.gpuquote.security.Role;

import java.math.BigDecimal;

/**
 * One of a tenant's approval tiers (issue 16): a quote whose discount depth is beyond {@code discountPercentAbove}
 * % off list needs a step taken by someone with {@code role} (TENANT_ADMIN or APPROVER).
 */
public record ApprovalTier(BigDecimal discountPercentAbove, Role role) {
}
