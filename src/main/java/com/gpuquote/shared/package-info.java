/**
 * Non-null by default: see docs/decisions/1407-null-marked-packages.md. Every feature may use any of shared's
 * sub-packages (time, ui, web, pdf), so the module is open: Spring Modulith verifies no named interfaces for it.
 */
@NullMarked
@ApplicationModule(type = ApplicationModule.Type.OPEN)
package com.gpuquote.shared;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
