package com.gpuquote;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The SQL statements of the application's Java sources, read from the text (CitusCompatibilityTest): every argument of
 * {@code .sql(…)} (JdbcClient), {@code prepareStatement(…)} and {@code new MultiRowInsert(…)} evaluated as far as the
 * source allows. String literals
 * and text blocks are taken as they are; {@code static final String} constants of the same file are substituted; a
 * local variable is replaced by what its initialiser evaluates to; a call to a method of the same file that builds a
 * {@code new StringBuilder("…")} contributes that unconditional prefix (the WHERE builders of the search queries).
 * Anything else (a parameter holding a table name, a column chosen at run time) leaves the statement marked
 * {@code dynamic}, so a checker can refuse to vouch for it instead of passing it silently.
 */
final class RepositorySql {

    record Statement(String file, String method, String sql, boolean dynamic) {
        String where() {
            return file + "#" + method;
        }
    }

    private static final char MARK = '\u0001';
    private static final Pattern CONSTANT = Pattern.compile("\\bString\\s+([A-Z][A-Z0-9_]*)\\s*=\\s*([^;]+);");
    // a MultiRowInsert's arguments (its INSERT head and one row's placeholders) are a statement too: its own run()
    // only joins them with more rows
    private static final Pattern CALL = Pattern.compile("(?:\\.sql|\\bprepareStatement|\\bnew\\s+MultiRowInsert)\\s*\\(");
    private static final Pattern METHOD = Pattern.compile(
            "(?:[\\w<>\\[\\],.?]+\\s+)+?([a-zA-Z_]\\w*)\\s*\\([^;{}()]*(?:\\([^;{}()]*\\)[^;{}()]*)*\\)\\s*(?:throws\\s+[\\w., ]+)?\\{");
    private static final Set<String> NOT_METHODS = Set.of("if", "for", "while", "switch", "catch", "synchronized",
            "return", "new", "else", "try", "do");
    private static final Pattern TOKEN = Pattern.compile(MARK + "(\\d+)" + MARK + "|([A-Za-z_][\\w]*(?:\\s*\\.\\s*[A-Za-z_]\\w*)*)(\\s*\\()?");

    private final String file;
    private final String code;
    private final List<String> literals = new ArrayList<>();
    private final Map<String, String> constantExpressions = new HashMap<>();
    private final Map<String, String> constants = new HashMap<>();

    private RepositorySql(String file, String source) {
        this.file = file;
        this.code = mask(source);
        Matcher m = CONSTANT.matcher(code);
        while (m.find()) {
            constantExpressions.putIfAbsent(m.group(1), m.group(2));
        }
    }

    /** Every statement in the Java files under {@code root}. */
    static List<Statement> statements(Path root) throws IOException {
        List<Statement> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String name = root.relativize(f).toString().replace('\\', '/');
                new RepositorySql(name, Files.readString(f)).collect(out);
            }
        }
        return out;
    }

    private void collect(List<Statement> out) {
        Matcher call = CALL.matcher(code);
        while (call.find()) {
            int open = call.end() - 1;
            int close = matchingParen(open);
            String argument = code.substring(open + 1, close);
            if (argument.isBlank()) {
                continue; // an accessor such as where.sql() inside a statement, evaluated with that statement
            }
            boolean[] dynamic = {false};
            String sql = evaluate(argument, code.substring(methodStart(call.start()), call.start()), dynamic, new HashSet<>());
            out.add(new Statement(file, methodName(call.start()), sql, dynamic[0]));
        }
    }

    /** Concatenates what an expression evaluates to, as far as this file tells. */
    private String evaluate(String expression, String scope, boolean[] dynamic, Set<String> seen) {
        StringBuilder sql = new StringBuilder();
        Matcher t = TOKEN.matcher(expression);
        int skipUntil = -1;
        while (t.find()) {
            if (t.start() < skipUntil) {
                if (t.group(1) != null) {
                    continue; // a literal argument of a method applied to a constant (SUMMARY.replace(…)): noise
                }
                continue;
            }
            if (t.group(1) != null) {
                sql.append(literals.get(Integer.parseInt(t.group(1))));
                continue;
            }
            String name = t.group(2).replaceAll("\\s+", "");
            boolean isCall = t.group(3) != null;
            String head = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
            String last = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name;
            if (isCall) {
                skipUntil = matchingParenIn(expression, t.end() - 1);
            }
            String local = seen.contains(head) ? null : localInitialiser(head, scope);
            if (constantExpressions.containsKey(head) && !seen.contains(head)) {
                sql.append(constant(head, dynamic, seen));
            } else if (local != null) {
                Set<String> inner = new HashSet<>(seen);
                inner.add(head);
                sql.append(' ').append(evaluate(local, scope, dynamic, inner)).append(' ');
            } else if (isCall) {
                String prefix = builderPrefix(last);
                if (prefix != null) {
                    sql.append(' ').append(prefix).append(' ');
                } else {
                    dynamic[0] = true;
                    sql.append(" /*dynamic*/ ");
                }
            } else if (!isJavaWord(head) && !isCondition(expression, t.end())) {
                dynamic[0] = true;
                sql.append(" /*dynamic*/ ");
            }
        }
        return sql.toString();
    }

    private String constant(String name, boolean[] dynamic, Set<String> seen) {
        String value = constants.get(name);
        if (value == null) {
            Set<String> inner = new HashSet<>(seen);
            inner.add(name);
            value = evaluate(constantExpressions.get(name), "", dynamic, inner);
            constants.put(name, value);
        }
        return value;
    }

    /** A variable tested in a condition ({@code drafts ? "" : " and …"}) chooses between literals, it adds none. */
    private static boolean isCondition(String expression, int after) {
        String rest = expression.substring(after).stripLeading();
        return rest.startsWith("?") || rest.startsWith("==") || rest.startsWith("!=") || rest.startsWith("&&")
                || rest.startsWith("||");
    }

    private static boolean isJavaWord(String name) {
        return Set.of("true", "false", "null", "this").contains(name);
    }

    /** The initialiser of the last declaration {@code Type name = …;} before the call in the same method. */
    private static String localInitialiser(String name, String scope) {
        Matcher m = Pattern.compile("\\b[\\w<>\\[\\]]+\\s+" + Pattern.quote(name) + "\\s*=\\s*([^;]+);").matcher(scope);
        String found = null;
        while (m.find()) {
            found = m.group(1);
        }
        return found;
    }

    /** The literal of the first {@code new StringBuilder("…")} in a method of this file named {@code method}. */
    private String builderPrefix(String method) {
        Matcher m = METHOD.matcher(code);
        while (m.find()) {
            if (m.group(1).equals(method)) {
                int open = m.end() - 1;
                String body = code.substring(open, matchingBrace(open));
                Matcher b = Pattern.compile("new\\s+StringBuilder\\s*\\(\\s*" + MARK + "(\\d+)" + MARK).matcher(body);
                if (b.find()) {
                    return literals.get(Integer.parseInt(b.group(1)));
                }
            }
        }
        return null;
    }

    private String methodName(int position) {
        String name = "?";
        Matcher m = METHOD.matcher(code);
        while (m.find() && m.start() < position) {
            if (!NOT_METHODS.contains(m.group(1))) {
                name = m.group(1);
            }
        }
        return name;
    }

    private int methodStart(int position) {
        int start = 0;
        Matcher m = METHOD.matcher(code);
        while (m.find() && m.start() < position) {
            if (!NOT_METHODS.contains(m.group(1))) {
                start = m.start();
            }
        }
        return start;
    }

    private int matchingParen(int open) {
        return matchingParenIn(code, open);
    }

    private static int matchingParenIn(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return text.length();
    }

    private int matchingBrace(int open) {
        int depth = 0;
        for (int i = open; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return code.length();
    }

    /** The source without comments, each string literal or text block replaced by MARK index MARK. */
    private String mask(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (s.startsWith("//", i)) {
                int end = s.indexOf('\n', i);
                i = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? s.length() : end + 2;
                out.append(' ');
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                while (end > 0 && s.charAt(end - 1) == '\\') {
                    end = s.indexOf("\"\"\"", end + 1);
                }
                String body = s.substring(s.indexOf('\n', i) + 1, end);
                i = end + 3;
                literal(out, body.replace("\\\n", " "));
            } else if (c == '"') {
                StringBuilder body = new StringBuilder();
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '"') {
                    if (s.charAt(j) == '\\' && j + 1 < s.length()) {
                        char e = s.charAt(j + 1);
                        body.append(e == 'n' ? '\n' : e == 't' ? '\t' : e);
                        j += 2;
                    } else {
                        body.append(s.charAt(j++));
                    }
                }
                i = j + 1;
                literal(out, body.toString());
            } else if (c == '\'') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '\'') {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append("' '");
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private void literal(StringBuilder out, String value) {
        out.append(MARK).append(literals.size()).append(MARK);
        literals.add(value);
    }
}
