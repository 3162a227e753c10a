/**
 * Non-null by default: see docs/decisions/1407-null-marked-packages.md. Dialogs and sections other features' views embed (pick or create a customer or project); views themselves are reached by route.
 */
@NullMarked
@NamedInterface("ui")
package com.gpuquote.customer.ui;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
