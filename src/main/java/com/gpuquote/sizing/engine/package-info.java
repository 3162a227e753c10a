/**
 * Non-null by default: see docs/decisions/1407-null-marked-packages.md. The engine is plain Java (ArchitectureTest) and its inputs and results are what deployment's right-sizing and analysis speak, so it is the sizing module's interface besides the root.
 */
@NullMarked
@NamedInterface("engine")
package com.gpuquote.sizing.engine;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
