package com.gpuquote;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The features form no cycle in the sources either. ArchitectureTest's cycle rule reads bytecode, where the compiler
 * has inlined every compile-time constant ({@code static final String} role names in {@code @PreAuthorize}), so a
 * feature that needs another only for a constant looks independent of it there. This test reads the imports and
 * fully qualified names of every main .java file (comments and string literals left out).
 */
class SourceDependenciesTest {

    private static final Path MAIN = Path.of("src/main/java/com/gpuquote");
    private static final Pattern REFERENCE = Pattern.compile("\\bcom\\.gpuquote\\.([a-z0-9_]+)\\.");
    private static final Pattern COMMENTS_AND_STRINGS = Pattern.compile(
            "/\\*.*?\\*/|//[^\\n]*|\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\\\n])+'", Pattern.DOTALL);

    @Test
    void theFeaturesFormNoCycleInTheSources() throws IOException {
        Map<String, Set<String>> graph = featureGraph(MAIN);
        assertThat(graph).as("features read from " + MAIN).containsKeys("security", "tenancy", "shared", "quote");
        assertThat(cycles(graph)).as("features that name each other in the sources, directly or through others").isEmpty();
    }

    /** Proof that the check sees what bytecode cannot: a constant named across features closes a cycle. */
    @Test
    void aCycleThroughAConstantIsFound(@TempDir Path dir) throws IOException {
        write(dir.resolve("alpha/A.java"), """
                package com.gpuquote.alpha;
                import com.gpuquote.beta.B;
                class A { @SuppressWarnings(B.NAME) void a() { } }
                """);
        write(dir.resolve("beta/B.java"), """
                package com.gpuquote.beta;
                /** Not a dependency: com.gpuquote.gamma.G in a comment. */
                public class B { public static final String NAME = "x"; String s = "com.gpuquote.gamma.G";
                  Object a = com.gpuquote.alpha.A.class; }
                """);
        write(dir.resolve("gamma/G.java"), """
                package com.gpuquote.gamma;
                class G { }
                """);
        Map<String, Set<String>> graph = featureGraph(dir);
        assertThat(graph).containsEntry("alpha", Set.of("beta")).containsEntry("beta", Set.of("alpha"))
                .containsEntry("gamma", Set.of());
        assertThat(cycles(graph)).containsExactly(Set.of("alpha", "beta"));
    }

    static Map<String, Set<String>> featureGraph(Path root) throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path relative = root.relativize(file);
                if (relative.getNameCount() < 2) {
                    continue; // the application class at the root belongs to no feature
                }
                String feature = relative.getName(0).toString();
                Set<String> targets = graph.computeIfAbsent(feature, k -> new TreeSet<>());
                String code = COMMENTS_AND_STRINGS.matcher(Files.readString(file)).replaceAll(" ");
                Matcher m = REFERENCE.matcher(code);
                while (m.find()) {
                    if (!m.group(1).equals(feature)) {
                        targets.add(m.group(1));
                    }
                }
            }
        }
        return graph;
    }

    /** The groups of features that reach each other (strongly connected components of more than one feature). */
    static List<Set<String>> cycles(Map<String, Set<String>> graph) {
        List<Set<String>> found = new ArrayList<>();
        for (String feature : graph.keySet()) {
            Set<String> group = new TreeSet<>();
            for (String other : graph.keySet()) {
                if (!other.equals(feature) && reaches(graph, feature, other) && reaches(graph, other, feature)) {
                    group.add(other);
                }
            }
            if (!group.isEmpty()) {
                group.add(feature);
                if (!found.contains(group)) {
                    found.add(group);
                }
            }
        }
        return found;
    }

    private static boolean reaches(Map<String, Set<String>> graph, String from, String to) {
        Set<String> seen = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(from));
        while (!todo.isEmpty()) {
            for (String next : graph.getOrDefault(todo.pop(), Set.of())) {
                if (next.equals(to)) {
                    return true;
                }
                if (seen.add(next)) {
                    todo.push(next);
                }
            }
        }
        return false;
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
