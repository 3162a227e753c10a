package com.gpuquote;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/decisions/README.md lists every decision record once, linked, so a newcomer finds a decision from the index. */
class DecisionIndexTest {
    private static final Path DECISIONS = Path.of("docs", "decisions");

    @Test
    void theIndexLinksEveryDecisionRecord() throws IOException {
        String index = Files.readString(DECISIONS.resolve("README.md"));
        List<String> records;
        try (Stream<Path> files = Files.list(DECISIONS)) {
            records = files.map(p -> p.getFileName().toString()).filter(n -> n.matches("\\d{4}-.+\\.md")).sorted().toList();
        }
        assertThat(records).isNotEmpty();
        assertThat(records).allSatisfy(record -> assertThat(index).as("docs/decisions/README.md links " + record)
                .contains("](" + record + ")"));
    }
}
