/**
 * Non-null by default: see docs/decisions/1407-null-marked-packages.md. Components other features' views embed (the candidate actions a quote editor offers); views themselves are reached by route.
 */
@NullMarked
@NamedInterface("ui")
package com.gpuquote.sizing.ui;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
