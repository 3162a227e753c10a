/**
 * Non-null by default: see docs/decisions/1407-null-marked-packages.md. Sections other features' views embed (the instance type picker); views themselves are reached by route.
 */
@NullMarked
@NamedInterface("ui")
package com.gpuquote.catalog.ui;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
