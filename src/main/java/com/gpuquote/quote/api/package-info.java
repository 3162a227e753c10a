/**
 * Non-null by default: see docs/decisions/1407-null-marked-packages.md. The quote JSON shape is the REST contract that other modules' endpoints embed (deployment's analysis answers with the quote it created).
 */
@NullMarked
@NamedInterface("api")
package com.gpuquote.quote.api;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
