/**
 * Non-null by default: see docs/decisions/1407-null-marked-packages.md. The customer portal renders the same quote document (text and PDF) as the consultant's download, so the document model is part of the quote module's interface.
 */
@NullMarked
@NamedInterface("pdf")
package com.gpuquote.quote.pdf;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
