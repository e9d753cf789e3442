package org.wqlab.sim.shell;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The shell's word expansion: parameters, command substitution, arithmetic, quote removal, field splitting and
 * pathname expansion, over the variables of the {@link Shell} it belongs to.
 */
final class WordExpansion {

    private final Shell shell;

    WordExpansion(Shell shell) {
        this.shell = shell;
    }

    /** The exit status of the last command substitution, -1 when none ran since it was reset. */
    int lastSubstitutionStatus = -1;

    /**
     * Expands one word's source text to fields. With {@code split}, unquoted expansion results are split on blanks
     * and unquoted {@code * ?} become glob markers for {@link #expand(String)}; without (assignments, redirection
     * targets, parameter operands) the word stays one field.
     */
    List<String> expandWord(String word, boolean split) {
        Fields f = new Fields(split, split);
        expandInto(word, f, false);
        return f.finish();
    }

    private final class Fields {
        final boolean split;
        final boolean glob;
        final List<String> fields = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean exists;

        Fields(boolean split, boolean glob) {
            this.split = split;
            this.glob = glob;
        }

        void literal(String s, boolean quoted) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                current.append(!quoted && glob && c == '*' ? CommandLine.GLOB_STAR
                        : !quoted && glob && c == '?' ? CommandLine.GLOB_ONE : c);
            }
            exists = true;
        }

        void expansion(String s, boolean quoted) {
            if (quoted || !split) {
                current.append(s);
                exists = true;
                return;
            }
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == ' ' || c == '\t' || c == '\n') {
                    endField();
                } else {
                    literal(String.valueOf(c), false);
                }
            }
        }

        void endField() {
            if (exists || current.length() > 0) {
                fields.add(current.toString());
            }
            current = new StringBuilder();
            exists = false;
        }

        List<String> finish() {
            endField();
            if (!split && fields.isEmpty()) {
                return List.of("");
            }
            return fields;
        }
    }

    private void expandInto(String w, Fields f, boolean inDoubleQuotes) {
        int n = w.length();
        int i = 0;
        while (i < n) {
            char c = w.charAt(i);
            if (c == '\\') {
                if (i + 1 < n) {
                    char next = w.charAt(i + 1);
                    if (!inDoubleQuotes || "\\\"$`\n".indexOf(next) >= 0) {
                        if (next != '\n') {
                            f.literal(String.valueOf(next), true);
                        }
                    } else {
                        f.literal("\\" + next, true);
                    }
                }
                i += 2;
            } else if (c == '\'' && !inDoubleQuotes) {
                int end = w.indexOf('\'', i + 1);
                f.literal(w.substring(i + 1, end), true);
                i = end + 1;
            } else if (c == '"' && !inDoubleQuotes) {
                int end = endOf(w, i);
                f.exists = true;
                expandInto(w.substring(i + 1, end - 1), f, true);
                i = end;
            } else if (c == '$' && i + 1 < n) {
                int end = dollarEnd(w, i);
                if (end == i + 1) {
                    f.literal("$", true);
                    i++;
                    continue;
                }
                String expr = w.substring(i, end);
                if (expr.equals("$@") && inDoubleQuotes) {
                    for (int p = 0; p < shell.positional.size(); p++) {
                        if (p > 0) {
                            f.endField();
                        }
                        f.expansion(shell.positional.get(p), true);
                    }
                } else {
                    f.expansion(dollar(expr), inDoubleQuotes);
                }
                i = end;
            } else if (c == '`') {
                int end = endOf(w, i);
                f.expansion(commandSubstitution(w.substring(i + 1, end - 1)), inDoubleQuotes);
                i = end;
            } else {
                f.literal(String.valueOf(c), inDoubleQuotes);
                i++;
            }
        }
    }

    private static int endOf(String w, int i) {
        try {
            return CommandLine.skipQuoted(w, i);
        } catch (ShellSyntaxException e) {
            return w.length();
        }
    }

    /** The end of the {@code $...} expression at {@code i}; {@code i + 1} when the {@code $} is literal. */
    private static int dollarEnd(String w, int i) {
        char c = w.charAt(i + 1);
        if (c == '(' || c == '{') {
            return endOf(w, i);
        }
        if ("?#@*$!0123456789-".indexOf(c) >= 0) {
            return i + 2;
        }
        int j = i + 1;
        while (j < w.length() && (Character.isLetterOrDigit(w.charAt(j)) || w.charAt(j) == '_')) {
            j++;
        }
        return Character.isDigit(c) ? i + 2 : j;
    }

    private String dollar(String expr) {
        if (expr.startsWith("$((")) {
            return arithmetic(expr.substring(3, expr.length() - 2));
        }
        if (expr.startsWith("$(")) {
            return commandSubstitution(expr.substring(2, expr.length() - 1));
        }
        if (expr.startsWith("${")) {
            return parameterExpansion(expr.substring(2, expr.length() - 1));
        }
        return parameter(expr.substring(1)).orElse("");
    }

    private Optional<String> parameter(String name) {
        return switch (name) {
            case "?" -> Optional.of(Integer.toString(shell.status));
            case "#" -> Optional.of(Integer.toString(shell.positional.size()));
            case "@", "*" -> Optional.of(String.join(" ", shell.positional));
            case "$" -> Optional.of("4242");
            case "!", "-" -> Optional.of("");
            case "0" -> Optional.of(shell.scriptName);
            default -> {
                if (name.matches("\\d+")) {
                    int k = Integer.parseInt(name);
                    yield k <= shell.positional.size() ? Optional.of(shell.positional.get(k - 1)) : Optional.empty();
                }
                yield Optional.ofNullable(shell.variables.get(name));
            }
        };
    }

    private String parameterExpansion(String body) {
        if (body.startsWith("#") && body.length() > 1) {
            return Integer.toString(parameter(body.substring(1)).orElse("").length());
        }
        int j = 0;
        if (j < body.length() && "?#@*$!0123456789-".indexOf(body.charAt(0)) >= 0) {
            j = 1;
            while (Character.isDigit(body.charAt(0)) && j < body.length() && Character.isDigit(body.charAt(j))) {
                j++;
            }
        } else {
            while (j < body.length() && (Character.isLetterOrDigit(body.charAt(j)) || body.charAt(j) == '_')) {
                j++;
            }
        }
        String name = body.substring(0, j);
        String op = body.substring(j);
        Optional<String> value = parameter(name);
        if (op.isEmpty()) {
            return value.orElse("");
        }
        for (String o : List.of(":-", ":=", ":+", "##", "%%", "-", "=", "+", "#", "%")) {
            if (op.startsWith(o)) {
                String operand = op.substring(o.length());
                String v = value.orElse(null);
                boolean unsetOrNull = v == null || (o.startsWith(":") && v.isEmpty());
                switch (o) {
                    case ":-", "-" -> {
                        return unsetOrNull ? String.join(" ", expandWord(operand, false)) : v;
                    }
                    case ":=", "=" -> {
                        if (unsetOrNull) {
                            v = String.join(" ", expandWord(operand, false));
                            shell.variables.put(name, v);
                        }
                        return v;
                    }
                    case ":+", "+" -> {
                        return unsetOrNull ? "" : String.join(" ", expandWord(operand, false));
                    }
                    default -> {
                        return trim(v == null ? "" : v, o, patternOperand(operand));
                    }
                }
            }
        }
        throw new IllegalArgumentException("${" + body + "}: bad substitution");
    }

    /** A pattern operand: expanded, its unquoted {@code * ?} as glob markers. */
    private java.util.regex.Pattern patternOperand(String operand) {
        Fields f = new Fields(false, true);
        expandInto(operand, f, false);
        String p = String.join("", f.finish());
        StringBuilder re = new StringBuilder();
        for (char ch : p.toCharArray()) {
            re.append(ch == CommandLine.GLOB_STAR ? ".*" : ch == CommandLine.GLOB_ONE ? "."
                    : java.util.regex.Pattern.quote(String.valueOf(ch)));
        }
        return java.util.regex.Pattern.compile(re.toString(), java.util.regex.Pattern.DOTALL);
    }

    private static String trim(String v, String op, java.util.regex.Pattern pattern) {
        int n = v.length();
        switch (op) {
            case "#" -> {
                for (int k = 0; k <= n; k++) {
                    if (pattern.matcher(v.substring(0, k)).matches()) {
                        return v.substring(k);
                    }
                }
            }
            case "##" -> {
                for (int k = n; k >= 0; k--) {
                    if (pattern.matcher(v.substring(0, k)).matches()) {
                        return v.substring(k);
                    }
                }
            }
            case "%" -> {
                for (int k = n; k >= 0; k--) {
                    if (pattern.matcher(v.substring(k)).matches()) {
                        return v.substring(0, k);
                    }
                }
            }
            default -> {
                for (int k = 0; k <= n; k++) {
                    if (pattern.matcher(v.substring(k)).matches()) {
                        return v.substring(0, k);
                    }
                }
            }
        }
        return v;
    }

    /** {@code $((...))}: integers with + - * / % and parentheses, variables by name. */
    private String arithmetic(String expr) {
        String text = String.join(" ", expandWord(expr, false));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*").matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, shell.variables.getOrDefault(m.group(), "0").strip());
        }
        m.appendTail(sb);
        return Long.toString(new Arith(sb.toString().replace(" ", "")).expr());
    }

    private static final class Arith {
        private final String s;
        private int i;

        Arith(String s) {
            this.s = s;
        }

        long expr() {
            long v = term();
            while (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                v = s.charAt(i++) == '+' ? v + term() : v - term();
            }
            return v;
        }

        long term() {
            long v = factor();
            while (i < s.length() && "*/%".indexOf(s.charAt(i)) >= 0) {
                char op = s.charAt(i++);
                long r = factor();
                if (op != '*' && r == 0) {
                    throw new IllegalArgumentException("arithmetic: division by zero");
                }
                v = op == '*' ? v * r : op == '/' ? v / r : v % r;
            }
            return v;
        }

        long factor() {
            if (i < s.length() && s.charAt(i) == '(') {
                i++;
                long v = expr();
                i++;
                return v;
            }
            if (i < s.length() && s.charAt(i) == '-') {
                i++;
                return -factor();
            }
            int start = i;
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
            if (start == i) {
                throw new IllegalArgumentException("arithmetic expression: expecting primary: \"" + s + "\"");
            }
            return Long.parseLong(s.substring(start, i));
        }
    }

    /** {@code $(...)}: runs in a copy of this shell (variables set there stay there); trailing newlines removed. */
    private String commandSubstitution(String script) {
        Shell sub = shell.subshell();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = sub.run(script, InputStream.nullInputStream(), out, err);
        lastSubstitutionStatus = code;
        if (err.size() > 0) {
            shell.substitutionErr.print(err.toString(StandardCharsets.UTF_8));
            shell.substitutionErr.flush();
        }
        return out.toString(StandardCharsets.UTF_8).replaceAll("\n+$", "");
    }

    private static String literal(String word) {
        return word.replace(CommandLine.GLOB_STAR, '*').replace(CommandLine.GLOB_ONE, '?');
    }

    /** Pathname expansion of unquoted {@code *} and {@code ?}; a pattern matching nothing stays as written. */
    List<String> expand(String word) {
        if (word.indexOf(CommandLine.GLOB_STAR) < 0 && word.indexOf(CommandLine.GLOB_ONE) < 0) {
            return List.of(word);
        }
        String[] parts = word.split("/", -1);
        List<String> paths = List.of(word.startsWith("/") ? "" : "/root");
        for (int i = word.startsWith("/") ? 1 : 0; i < parts.length; i++) {
            String part = parts[i];
            List<String> next = new ArrayList<>();
            boolean glob = part.indexOf(CommandLine.GLOB_STAR) >= 0 || part.indexOf(CommandLine.GLOB_ONE) >= 0;
            for (String base : paths) {
                if (!glob) {
                    next.add(base + "/" + part);
                    continue;
                }
                java.util.regex.Pattern re = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(part)
                        .replace(String.valueOf(CommandLine.GLOB_STAR), "\\E.*\\Q")
                        .replace(String.valueOf(CommandLine.GLOB_ONE), "\\E.\\Q"));
                for (String name : shell.board().list(base.isEmpty() ? "/" : base)) {
                    if (re.matcher(name).matches() && !name.startsWith(".")) {
                        next.add(base + "/" + name);
                    }
                }
            }
            paths = next;
        }
        if (paths.isEmpty()) {
            return List.of(literal(word));
        }
        String prefix = word.startsWith("/") ? "" : "/root/";
        return paths.stream().map(p -> prefix.isEmpty() ? p : p.substring(prefix.length())).sorted().toList();
    }
}
