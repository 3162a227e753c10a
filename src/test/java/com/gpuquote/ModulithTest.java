package com.gpuquote;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The feature packages as Spring Modulith sees them: each top-level package is a module, only its root package and
 * the sub-packages it names with {@code @NamedInterface} may be used by others, and no module cycle exists. The
 * module diagrams in docs/modules/ are generated from the same model, so they cannot describe another structure
 * than the code's.
 */
class ModulithTest {

    static final ApplicationModules MODULES = ApplicationModules.of(GpuQuoteApplication.class);

    private static final Path COMMITTED = Path.of("docs/modules");
    private static final Path GENERATED = Path.of("target/modulith-docs");
    /** Run with -Dgpuquote.modules.write=true to copy the generated diagrams over the committed ones. */
    private static final boolean WRITE = Boolean.getBoolean("gpuquote.modules.write");

    @Test
    void modulesUseEachOtherOnlyThroughTheirNamedInterfacesAndFormNoCycle() {
        MODULES.verify();
    }

    @Test
    void committedModuleDiagramsAreTheGeneratedOnes() throws IOException {
        deleteRecursively(GENERATED);
        new Documenter(MODULES, Documenter.Options.defaults().withOutputFolder(GENERATED.toString()))
                .writeModulesAsPlantUml()
                .writeIndividualModulesAsPlantUml();
        Map<String, String> generated = read(GENERATED);
        assertThat(generated).as("diagrams generated into " + GENERATED).isNotEmpty();
        if (WRITE) {
            deleteRecursively(COMMITTED);
            Files.createDirectories(COMMITTED);
            for (Map.Entry<String, String> file : generated.entrySet()) {
                Files.writeString(COMMITTED.resolve(file.getKey()), file.getValue());
            }
        }
        assertThat(read(COMMITTED))
                .as("docs/modules/ differs from the module structure; regenerate with "
                        + "mvn -o test -DskipSecondZone -Dtest=ModulithTest -Dgpuquote.modules.write=true "
                        + "and commit docs/modules/")
                .isEqualTo(generated);
    }

    private static Map<String, String> read(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".puml")).toList()) {
                files.put(p.getFileName().toString(), canonical(Files.readString(p)));
            }
        }
        return files;
    }

    /**
     * The Documenter lists components and relations in hash order, which differs between runs; each run of
     * consecutive {@code Component(...)} or {@code Rel(...)} lines is sorted, so the files say the same for the
     * same structure.
     */
    static String canonical(String plantUml) {
        List<String> lines = plantUml.replace("\r\n", "\n").lines().toList();
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String kind = kind(lines.get(i));
            int end = i + 1;
            while (kind != null && end < lines.size() && kind.equals(kind(lines.get(end)))) {
                end++;
            }
            List<String> block = new ArrayList<>(lines.subList(i, end));
            Collections.sort(block);
            out.addAll(block);
            i = end;
        }
        return String.join("\n", out) + "\n";
    }

    private static @Nullable String kind(String line) {
        String t = line.strip();
        for (String kind : List.of("Component(", "Rel(", "Container(")) {
            if (t.startsWith(kind)) {
                return kind;
            }
        }
        return null;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            List<Path> paths = s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList();
            for (Path p : paths) {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }
}
