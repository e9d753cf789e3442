package org.wqlab.sim.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed POSIX sh script, the subset the simulated board's shell runs: lists joined by {@code ;} or newlines,
 * {@code && ||}, pipelines ({@code |}, {@code !}), simple commands with assignments and redirections
 * ({@code > >> < 2> 2>> 2>&1 >&2}), brace groups, {@code if/elif/else/fi}, {@code for NAME in ...; do ...; done},
 * {@code while}/{@code until}, and function definitions {@code name() { ...; }}. Words keep their source text (with
 * quotes); the shell expands them when the command runs ({@link Shell}).
 */
public final class CommandLine {

    /** {@code fd} is redirected: {@code op} is {@code >}, {@code >>}, {@code <} or {@code >&} (dup of fd target). */
    public record Redirect(int fd, String op, String target) {
    }

    /** One command of a pipeline. */
    public sealed interface Command {
        List<Redirect> redirects();
    }

    public record Simple(List<String> assignments, List<String> words, List<Redirect> redirects) implements Command {
    }

    public record Group(Script body, List<Redirect> redirects) implements Command {
    }

    /** {@code conditions.get(i)} guards {@code bodies.get(i)}; {@code elseBody} may be null. */
    public record If(List<Script> conditions, List<Script> bodies, Script elseBody, List<Redirect> redirects)
            implements Command {
    }

    /** {@code words} null: {@code for NAME; do} (the positional parameters). */
    public record For(String variable, List<String> words, Script body, List<Redirect> redirects) implements Command {
    }

    public record While(boolean until, Script condition, Script body, List<Redirect> redirects) implements Command {
    }

    public record FunctionDef(String name, Command body) implements Command {
        @Override
        public List<Redirect> redirects() {
            return List.of();
        }
    }

    public record Pipeline(boolean negate, List<Command> commands) {
    }

    /** Pipelines joined by {@code &&} / {@code ||}; {@code ops.get(i)} joins pipeline i and i + 1. */
    public record AndOr(List<Pipeline> pipelines, List<String> ops) {
    }

    public record Script(List<AndOr> items) {
    }

    /** An unquoted {@code *} or {@code ?} after expansion: a glob to expand against the filesystem. */
    static final char GLOB_STAR = '\uE001';
    static final char GLOB_ONE = '\uE002';

    private final Script script;

    private CommandLine(Script script) {
        this.script = script;
    }

    public Script script() {
        return script;
    }

    public static CommandLine parse(String text) throws ShellSyntaxException {
        Parser p = new Parser(tokenize(text));
        Script s = p.list(List.of());
        if (!p.atEnd()) {
            throw p.unexpected();
        }
        return new CommandLine(s);
    }

    // ---- tokens ----

    private record Token(String text, boolean op, int ioNumber) {
        boolean is(String s) {
            return op && text.equals(s);
        }

        boolean word(String s) {
            return !op && text.equals(s);
        }
    }

    private static final List<String> OPS = List.of("&&", "||", ";;", ">>", ">&", "<&", "2>", ";", "|", "&", "(",
            ")", "<", ">", "\n");

    private static List<Token> tokenize(String s) throws ShellSyntaxException {
        List<Token> tokens = new ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r') {
                i++;
                continue;
            }
            if (c == '\\' && i + 1 < n && s.charAt(i + 1) == '\n') {
                i += 2;
                continue;
            }
            if (c == '#') {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if ((c == '>' || c == '<') && !tokens.isEmpty()) {
                // an fd number directly before the operator: "2>", "1>&2"
                Token last = tokens.get(tokens.size() - 1);
                if (!last.op() && last.text().matches("\\d") && i > 0 && s.charAt(i - 1) == last.text().charAt(0)) {
                    tokens.remove(tokens.size() - 1);
                    String op = s.startsWith(">>", i) ? ">>" : s.startsWith(">&", i) ? ">&" : String.valueOf(c);
                    tokens.add(new Token(op, true, last.text().charAt(0) - '0'));
                    i += op.length();
                    continue;
                }
            }
            String op = null;
            for (String o : OPS) {
                if (s.startsWith(o, i)) {
                    op = o;
                    break;
                }
            }
            if (op != null && !op.equals("2>")) {
                if (op.equals("&")) {
                    throw new ShellSyntaxException("background jobs (&) are not supported");
                }
                tokens.add(new Token(op, true, -1));
                i += op.length();
                continue;
            }
            int end = wordEnd(s, i);
            tokens.add(new Token(s.substring(i, end), false, -1));
            i = end;
        }
        return tokens;
    }

    /** The end of the word starting at {@code i}: quotes, backslashes, {@code $( )}, {@code ${ }} and backquotes. */
    private static int wordEnd(String s, int i) throws ShellSyntaxException {
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (" \t\r\n;|&()<>".indexOf(c) >= 0) {
                return i;
            }
            i = skipQuoted(s, i);
        }
        return i;
    }

    /** Skips one character or one quoted/nested construct starting at {@code i}; returns the index after it. */
    static int skipQuoted(String s, int i) throws ShellSyntaxException {
        int n = s.length();
        char c = s.charAt(i);
        switch (c) {
            case '\\' -> {
                return Math.min(i + 2, n);
            }
            case '\'' -> {
                int end = s.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new ShellSyntaxException("syntax error: unterminated quoted string");
                }
                return end + 1;
            }
            case '"' -> {
                int j = i + 1;
                while (true) {
                    if (j >= n) {
                        throw new ShellSyntaxException("syntax error: unterminated quoted string");
                    }
                    char d = s.charAt(j);
                    if (d == '"') {
                        return j + 1;
                    }
                    if (d == '\\') {
                        j += 2;
                    } else if (d == '$' || d == '`') {
                        j = skipQuoted(s, j);
                    } else {
                        j++;
                    }
                }
            }
            case '`' -> {
                int j = i + 1;
                while (j < n && s.charAt(j) != '`') {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                if (j >= n) {
                    throw new ShellSyntaxException("syntax error: unterminated quoted string");
                }
                return j + 1;
            }
            case '$' -> {
                if (i + 1 < n && (s.charAt(i + 1) == '(' || s.charAt(i + 1) == '{')) {
                    char open = s.charAt(i + 1);
                    char close = open == '(' ? ')' : '}';
                    int depth = 1;
                    int j = i + 2;
                    while (j < n) {
                        char d = s.charAt(j);
                        if (d == open) {
                            depth++;
                            j++;
                        } else if (d == close) {
                            if (--depth == 0) {
                                return j + 1;
                            }
                            j++;
                        } else if (d == '\\' || d == '\'' || d == '"' || d == '`' || d == '$') {
                            j = skipQuoted(s, j);
                        } else {
                            j++;
                        }
                    }
                    throw new ShellSyntaxException("syntax error: missing '" + close + "'");
                }
                return i + 1;
            }
            default -> {
                return i + 1;
            }
        }
    }

    // ---- grammar ----

    private static final List<String> RESERVED_ENDS = List.of("then", "elif", "else", "fi", "do", "done", "}");

    private static final class Parser {
        private final List<Token> tokens;
        private int pos;

        Parser(List<Token> tokens) {
            this.tokens = tokens;
        }

        boolean atEnd() {
            return pos >= tokens.size();
        }

        Token peek() {
            return atEnd() ? null : tokens.get(pos);
        }

        ShellSyntaxException unexpected() {
            Token t = peek();
            String what = t == null ? "end of file" : t.text().equals("\n") ? "newline" : "\"" + t.text() + "\"";
            return new ShellSyntaxException("syntax error: unexpected " + what);
        }

        void skipNewlines() {
            while (!atEnd() && peek().is("\n")) {
                pos++;
            }
        }

        boolean atListEnd(List<String> ends) {
            Token t = peek();
            return t == null || t.is(")") || t.is(";;") || (!t.op() && ends.contains(t.text()));
        }

        /** A list up to one of {@code ends} (reserved words), {@code )} or the end. */
        Script list(List<String> ends) throws ShellSyntaxException {
            List<AndOr> items = new ArrayList<>();
            skipNewlines();
            while (!atListEnd(ends)) {
                items.add(andOr(ends));
                Token t = peek();
                if (t != null && (t.is(";") || t.is("\n"))) {
                    pos++;
                    skipNewlines();
                } else if (!atListEnd(ends)) {
                    throw unexpected();
                }
            }
            if (items.isEmpty() && !atEnd() && ends.isEmpty()) {
                throw unexpected();
            }
            return new Script(List.copyOf(items));
        }

        AndOr andOr(List<String> ends) throws ShellSyntaxException {
            List<Pipeline> pipelines = new ArrayList<>();
            List<String> ops = new ArrayList<>();
            pipelines.add(pipeline(ends));
            while (!atEnd() && (peek().is("&&") || peek().is("||"))) {
                ops.add(tokens.get(pos++).text());
                skipNewlines();
                pipelines.add(pipeline(ends));
            }
            return new AndOr(List.copyOf(pipelines), List.copyOf(ops));
        }

        Pipeline pipeline(List<String> ends) throws ShellSyntaxException {
            boolean negate = false;
            if (!atEnd() && peek().word("!")) {
                negate = true;
                pos++;
            }
            List<Command> commands = new ArrayList<>();
            commands.add(command(ends));
            while (!atEnd() && peek().is("|")) {
                pos++;
                skipNewlines();
                commands.add(command(ends));
            }
            return new Pipeline(negate, List.copyOf(commands));
        }

        Command command(List<String> ends) throws ShellSyntaxException {
            Token t = peek();
            if (t == null || (t.op() && !isRedirect(t)) || (!t.op() && RESERVED_ENDS.contains(t.text()))) {
                throw unexpected();
            }
            if (!t.op()) {
                switch (t.text()) {
                    case "{" -> {
                        pos++;
                        Script body = list(List.of("}"));
                        expectWord("}");
                        return new Group(body, redirects());
                    }
                    case "if" -> {
                        return ifCommand();
                    }
                    case "for" -> {
                        return forCommand();
                    }
                    case "while", "until" -> {
                        pos++;
                        Script cond = list(List.of("do"));
                        expectWord("do");
                        Script body = list(List.of("done"));
                        expectWord("done");
                        return new While(t.text().equals("until"), cond, body, redirects());
                    }
                    default -> {
                    }
                }
                if (t.text().matches("[A-Za-z_][A-Za-z0-9_]*") && pos + 2 < tokens.size()
                        && tokens.get(pos + 1).is("(") && tokens.get(pos + 2).is(")")) {
                    pos += 3;
                    skipNewlines();
                    return new FunctionDef(t.text(), command(ends));
                }
            }
            return simple();
        }

        private Command ifCommand() throws ShellSyntaxException {
            pos++;
            List<Script> conditions = new ArrayList<>();
            List<Script> bodies = new ArrayList<>();
            Script elseBody = null;
            while (true) {
                conditions.add(list(List.of("then")));
                expectWord("then");
                bodies.add(list(List.of("elif", "else", "fi")));
                Token t = peek();
                if (t != null && t.word("elif")) {
                    pos++;
                    continue;
                }
                if (t != null && t.word("else")) {
                    pos++;
                    elseBody = list(List.of("fi"));
                }
                expectWord("fi");
                break;
            }
            return new If(List.copyOf(conditions), List.copyOf(bodies), elseBody, redirects());
        }

        private Command forCommand() throws ShellSyntaxException {
            pos++;
            Token name = peek();
            if (name == null || name.op() || !name.text().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw unexpected();
            }
            pos++;
            List<String> words = null;
            skipNewlines();
            if (!atEnd() && peek().word("in")) {
                pos++;
                words = new ArrayList<>();
                while (!atEnd() && !peek().op()) {
                    words.add(tokens.get(pos++).text());
                }
            }
            if (!atEnd() && (peek().is(";") || peek().is("\n"))) {
                pos++;
            }
            skipNewlines();
            expectWord("do");
            Script body = list(List.of("done"));
            expectWord("done");
            return new For(name.text(), words == null ? null : List.copyOf(words), body, redirects());
        }

        private void expectWord(String w) throws ShellSyntaxException {
            if (atEnd() || !peek().word(w)) {
                throw unexpected();
            }
            pos++;
        }

        private static boolean isRedirect(Token t) {
            return t.op() && (t.text().equals(">") || t.text().equals(">>") || t.text().equals("<")
                    || t.text().equals(">&") || t.text().equals("<&"));
        }

        private List<Redirect> redirects() throws ShellSyntaxException {
            List<Redirect> r = new ArrayList<>();
            while (!atEnd() && isRedirect(peek())) {
                r.add(redirect());
            }
            return List.copyOf(r);
        }

        private Redirect redirect() throws ShellSyntaxException {
            Token op = tokens.get(pos++);
            if (atEnd() || peek().op()) {
                throw unexpected();
            }
            String target = tokens.get(pos++).text();
            String o = op.text().equals("<&") ? ">&" : op.text();
            int fd = op.ioNumber() >= 0 ? op.ioNumber() : op.text().startsWith("<") ? 0 : 1;
            return new Redirect(fd, o, target);
        }

        private Command simple() throws ShellSyntaxException {
            List<String> assignments = new ArrayList<>();
            List<String> words = new ArrayList<>();
            List<Redirect> redirects = new ArrayList<>();
            while (!atEnd()) {
                Token t = peek();
                if (isRedirect(t)) {
                    redirects.add(redirect());
                } else if (!t.op()) {
                    if (words.isEmpty() && t.text().matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
                        assignments.add(t.text());
                    } else {
                        words.add(t.text());
                    }
                    pos++;
                } else {
                    break;
                }
            }
            if (words.isEmpty() && assignments.isEmpty() && redirects.isEmpty()) {
                throw unexpected();
            }
            return new Simple(List.copyOf(assignments), List.copyOf(words), List.copyOf(redirects));
        }
    }
}
