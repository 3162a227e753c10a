/**
 * Non-null by default: see docs/decisions/1407-null-marked-packages.md. Customer agreements are priced into quotes: the quote module reads and applies them through this interface.
 */
@NullMarked
@NamedInterface("agreement")
package com.gpuquote.pricing.agreement;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
