/**
 * Non-null by default: see docs/decisions/1407-null-marked-packages.md. The notification bell that the application layout shows; views themselves are reached by route.
 */
@NullMarked
@NamedInterface("ui")
package com.gpuquote.notification.ui;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
