/** Non-null by default: see docs/decisions/1407-null-marked-packages.md. */
@NullMarked
package com.gpuquote.portal;

import org.jspecify.annotations.NullMarked;
