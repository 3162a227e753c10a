package com.gpuquote.audit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every audit action the code records follows one naming scheme (UPPER_SNAKE) and reads as words in the audit log
 * in both languages. Actions are read from the sources: the string literals inside each {@code audit.record…(…)} call.
 */
class AuditActionNamesTest {

    private static final Pattern CALL = Pattern.compile("\\.record(Platform)?(As)?\\(");
    private static final Pattern LITERAL = Pattern.compile("\"([^\"]*)\"");
    private static final Pattern UPPER_SNAKE = Pattern.compile("[A-Z]+(_[A-Z]+)*");
    /** What an action would look like in another scheme: dotted or camel case. */
    private static final Pattern OTHER_SCHEME = Pattern.compile("[a-z_]+(\\.[a-z_]+)+|[A-Z][a-z]+([A-Z][a-z]+)+");

    @Test
    void everyRecordedActionIsUpperSnakeCaseAndHasALabelInBothLanguages() throws IOException {
        Set<String> actions = new TreeSet<>();
        Set<String> otherScheme = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String source = Files.readString(file);
                Matcher call = CALL.matcher(source);
                while (call.find()) {
                    String arguments = source.substring(call.end(), source.indexOf(';', call.end()));
                    Matcher literal = LITERAL.matcher(arguments);
                    while (literal.find()) {
                        String value = literal.group(1);
                        if (UPPER_SNAKE.matcher(value).matches()) {
                            actions.add(value);
                        } else if (OTHER_SCHEME.matcher(value).matches()) {
                            otherScheme.add(file.getFileName() + ": " + value);
                        }
                    }
                }
            }
        }
        assertThat(actions).as("found by the scan").contains("QUOTE_ACCEPTED", "PRICE_LIST_PUBLISHED", "LOGIN");
        assertThat(otherScheme).as("actions named in another scheme").isEmpty();
        for (String bundle : new String[] {"i18n/admin.properties", "i18n/admin_en.properties"}) {
            Properties labels = new Properties();
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(bundle)) {
                labels.load(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
            }
            assertThat(actions).as("actions without a label in " + bundle)
                    .allMatch(a -> labels.getProperty("audit.action." + a, "").strip().length() > 0);
        }
    }
}
