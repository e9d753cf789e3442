package org.wqlab.sim.shell;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

import org.wqlab.core.elf.ElfFormatException;
import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.core.elf.ModuleParameter;
import org.wqlab.sim.Board;
import org.wqlab.sim.BoardProfile;
import org.wqlab.sim.kernel.KernelLog;
import org.wqlab.sim.kernel.UsbStick;

/**
 * The simulated board's small shell over the model: sh quoting, {@code ; && || |}, redirections, exit codes, and the
 * commands a latency experiment uses. Commands that take board time (dd, sleep, sysfs remove) return when that time
 * has passed on the board's clock.
 */
public final class Shell {

    private static final long NS = 1_000_000_000L;

    private final Board board;
    private final BoardProfile profile;
    private int status;
    private int cpuAffinity = -1;
    private volatile boolean interrupted;

    public Shell(Board board) {
        this.board = board;
        this.profile = board.profile();
    }

    /** Stops a running {@code dmesg -w} or {@code sleep} (the SSH channel closed or got ^C). */
    public void interrupt() {
        interrupted = true;
    }

    /** Runs one command line; returns its exit status. An earlier {@link #interrupt()} does not affect it. */
    public int run(String line, InputStream stdin, OutputStream stdout, OutputStream stderr) {
        interrupted = false;
        PrintStream err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        substitutionErr = err;
        CommandLine parsed;
        try {
            parsed = CommandLine.parse(line);
        } catch (ShellSyntaxException e) {
            err.println("sh: " + e.getMessage());
            status = 2;
            return status;
        }
        try {
            status = runScript(parsed.script(), stdin, stdout, stderr);
        } catch (Exit e) {
            status = e.code;
        } catch (LoopControl | Return e) {
            // break/continue outside a loop, return outside a function: ignored, as dash does
        }
        return status;
    }

    /** Convenience for tests: stdout and stderr captured. */
    public Result run(String line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = run(line, InputStream.nullInputStream(), out, err);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    public record Result(int status, String out, String err) {
    }

    // ---- the interpreter: shell variables, positional parameters, functions ----

    private final Map<String, String> variables = new HashMap<>(Map.of("HOME", "/root", "PATH",
            "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "SHELL", "/bin/sh", "USER", "root",
            "PWD", "/root", "IFS", " \t\n"));
    private final Map<String, CommandLine.Command> functions = new HashMap<>();
    private List<String> positional = List.of();
    private String scriptName = "sh";

    /** {@code exit N}. */
    private static final class Exit extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        Exit(int code) {
            super(null, null, false, false);
            this.code = code;
        }
    }

    /** {@code break N} / {@code continue N}. */
    private static final class LoopControl extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final boolean isBreak;
        int levels;

        LoopControl(boolean isBreak, int levels) {
            super(null, null, false, false);
            this.isBreak = isBreak;
            this.levels = levels;
        }
    }

    private static final class Return extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        Return(int code) {
            super(null, null, false, false);
            this.code = code;
        }
    }

    private int runScript(CommandLine.Script script, InputStream in, OutputStream out, OutputStream err) {
        for (CommandLine.AndOr item : script.items()) {
            List<CommandLine.Pipeline> pipelines = item.pipelines();
            status = runPipeline(pipelines.get(0), in, out, err);
            for (int i = 1; i < pipelines.size(); i++) {
                boolean and = item.ops().get(i - 1).equals("&&");
                if ((and && status != 0) || (!and && status == 0)) {
                    continue;
                }
                status = runPipeline(pipelines.get(i), in, out, err);
            }
        }
        return status;
    }

    private int runPipeline(CommandLine.Pipeline p, InputStream stdin, OutputStream stdout, OutputStream stderr) {
        byte[] input = null;
        int code = 0;
        List<CommandLine.Command> commands = p.commands();
        for (int i = 0; i < commands.size(); i++) {
            boolean last = i == commands.size() - 1;
            ByteArrayOutputStream captured = last ? null : new ByteArrayOutputStream();
            InputStream in = input == null ? stdin : new ByteArrayInputStream(input);
            code = runCommand(commands.get(i), in, last ? stdout : captured, stderr);
            if (!last) {
                input = captured.toByteArray();
            }
        }
        status = p.negate() ? (code == 0 ? 1 : 0) : code;
        return status;
    }

    /** A redirection target being written: collected, then written to the board file when the command ends. */
    private record FileTarget(String path, boolean append, ByteArrayOutputStream buffer) {
    }

    private int runCommand(CommandLine.Command c, InputStream in, OutputStream stdout, OutputStream stderr) {
        List<String> args = new ArrayList<>();
        if (c instanceof CommandLine.FunctionDef f) {
            functions.put(f.name(), f.body());
            return 0;
        }
        PrintStream shellErr = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        if (c instanceof CommandLine.Simple s) {
            for (String w : s.words()) {
                for (String field : expandWord(w, true)) {
                    args.addAll(expand(field));
                }
            }
        }
        OutputStream[] fds = {null, stdout, stderr};
        InputStream input = in;
        List<FileTarget> targets = new ArrayList<>();
        for (CommandLine.Redirect r : c.redirects()) {
            String target = String.join(" ", expandWord(r.target(), false));
            int fd = Math.min(r.fd(), 2);
            switch (r.op()) {
                case "<" -> {
                    Optional<byte[]> content = board.read(absolute(target));
                    if (content.isEmpty()) {
                        shellErr.println("sh: 1: cannot open " + target + ": No such file");
                        return 2;
                    }
                    input = new ByteArrayInputStream(content.get());
                }
                case ">&" -> {
                    if (target.equals("1") || target.equals("2")) {
                        fds[fd] = fds[Integer.parseInt(target)];
                    } else if (target.equals("-")) {
                        fds[fd] = OutputStream.nullOutputStream();
                    } else {
                        shellErr.println("sh: 1: Syntax error: Bad fd number");
                        return 2;
                    }
                }
                default -> {
                    String path = absolute(target);
                    if (Board.normalize(path).equals("/dev/null")) {
                        fds[fd] = OutputStream.nullOutputStream();
                    } else {
                        FileTarget t = new FileTarget(path, r.op().equals(">>"), new ByteArrayOutputStream());
                        targets.add(t);
                        fds[fd] = t.buffer();
                    }
                }
            }
        }
        PrintStream o = new PrintStream(fds[1], true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(fds[2], true, StandardCharsets.UTF_8);
        int code;
        try {
            code = switch (c) {
                case CommandLine.Simple s -> runSimple(s, args, input, o, e);
                case CommandLine.Group g -> runScript(g.body(), input, o, e);
                case CommandLine.If i -> runIf(i, input, o, e);
                case CommandLine.For f -> runFor(f, input, o, e);
                case CommandLine.While w -> runWhile(w, input, o, e);
                case CommandLine.FunctionDef f -> 0;
            };
        } catch (RuntimeException ex) {
            if (ex instanceof Exit || ex instanceof LoopControl || ex instanceof Return) {
                o.flush();
                writeTargets(targets, args, e);
                throw ex;
            }
            e.println("sh: " + (args.isEmpty() ? "" : args.get(0) + ": ") + ex.getMessage());
            code = 1;
        }
        o.flush();
        e.flush();
        return writeTargets(targets, args, e) ? code : 1;
    }

    private boolean writeTargets(List<FileTarget> targets, List<String> args, PrintStream e) {
        for (FileTarget t : targets) {
            try {
                board.write(t.path(), t.buffer().toByteArray(), t.append());
            } catch (Board.WriteError we) {
                e.println("sh: " + (args.isEmpty() ? "" : args.get(0) + ": ") + "write error: " + we.getMessage());
                return false;
            }
        }
        return true;
    }

    private int runSimple(CommandLine.Simple s, List<String> args, InputStream in, PrintStream out, PrintStream err) {
        int substitutionStatus = -1;
        for (String a : s.assignments()) {
            int eq = a.indexOf('=');
            lastSubstitutionStatus = -1;
            variables.put(a.substring(0, eq), String.join(" ", expandWord(a.substring(eq + 1), false)));
            if (lastSubstitutionStatus >= 0) {
                substitutionStatus = lastSubstitutionStatus;
            }
        }
        if (args.isEmpty()) {
            return Math.max(substitutionStatus, 0);
        }
        CommandLine.Command function = functions.get(args.get(0));
        if (function != null) {
            List<String> saved = positional;
            positional = List.copyOf(args.subList(1, args.size()));
            try {
                return runCommand(function, in, out, err);
            } catch (Return r) {
                return r.code;
            } finally {
                positional = saved;
            }
        }
        return dispatch(args, in, out, err);
    }

    private int runIf(CommandLine.If c, InputStream in, PrintStream out, PrintStream err) {
        for (int i = 0; i < c.conditions().size(); i++) {
            if (runScript(c.conditions().get(i), in, out, err) == 0) {
                return runScript(c.bodies().get(i), in, out, err);
            }
        }
        return c.elseBody() == null ? 0 : runScript(c.elseBody(), in, out, err);
    }

    private int runFor(CommandLine.For c, InputStream in, PrintStream out, PrintStream err) {
        List<String> values = new ArrayList<>();
        if (c.words() == null) {
            values.addAll(positional);
        } else {
            for (String w : c.words()) {
                for (String field : expandWord(w, true)) {
                    values.addAll(expand(field));
                }
            }
        }
        int code = 0;
        for (String v : values) {
            variables.put(c.variable(), v);
            try {
                code = runScript(c.body(), in, out, err);
            } catch (LoopControl lc) {
                if (--lc.levels > 0) {
                    throw lc;
                }
                if (lc.isBreak) {
                    break;
                }
            }
        }
        return code;
    }

    private int runWhile(CommandLine.While c, InputStream in, PrintStream out, PrintStream err) {
        int code = 0;
        while (!interrupted && (runScript(c.condition(), in, out, err) == 0) != c.until()) {
            try {
                code = runScript(c.body(), in, out, err);
            } catch (LoopControl lc) {
                if (--lc.levels > 0) {
                    throw lc;
                }
                if (lc.isBreak) {
                    break;
                }
            }
        }
        return code;
    }

    // ---- word expansion: parameters, command substitution, quote removal, field splitting, globs ----

    private int lastSubstitutionStatus = -1;

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
                    for (int p = 0; p < positional.size(); p++) {
                        if (p > 0) {
                            f.endField();
                        }
                        f.expansion(positional.get(p), true);
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
            case "?" -> Optional.of(Integer.toString(status));
            case "#" -> Optional.of(Integer.toString(positional.size()));
            case "@", "*" -> Optional.of(String.join(" ", positional));
            case "$" -> Optional.of("4242");
            case "!", "-" -> Optional.of("");
            case "0" -> Optional.of(scriptName);
            default -> {
                if (name.matches("\\d+")) {
                    int k = Integer.parseInt(name);
                    yield k <= positional.size() ? Optional.of(positional.get(k - 1)) : Optional.empty();
                }
                yield Optional.ofNullable(variables.get(name));
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
                            variables.put(name, v);
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
            m.appendReplacement(sb, variables.getOrDefault(m.group(), "0").strip());
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
        Shell sub = subshell();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = sub.run(script, InputStream.nullInputStream(), out, err);
        lastSubstitutionStatus = code;
        if (err.size() > 0) {
            substitutionErr.print(err.toString(StandardCharsets.UTF_8));
            substitutionErr.flush();
        }
        return out.toString(StandardCharsets.UTF_8).replaceAll("\n+$", "");
    }

    /** Where a command substitution's stderr goes: the stderr of the command line being run. */
    private PrintStream substitutionErr = new PrintStream(OutputStream.nullOutputStream());

    private Shell subshell() {
        Shell sub = new Shell(board);
        sub.variables.putAll(variables);
        sub.functions.putAll(functions);
        sub.positional = positional;
        sub.scriptName = scriptName;
        sub.status = status;
        sub.cpuAffinity = cpuAffinity;
        sub.interrupted = interrupted;
        return sub;
    }

    private static String literal(String word) {
        return word.replace(CommandLine.GLOB_STAR, '*').replace(CommandLine.GLOB_ONE, '?');
    }

    /** Pathname expansion of unquoted {@code *} and {@code ?}; a pattern matching nothing stays as written. */
    private List<String> expand(String word) {
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
                for (String name : board.list(base.isEmpty() ? "/" : base)) {
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

    private int dispatch(List<String> a, InputStream in, PrintStream out, PrintStream err) {
        String cmd = a.get(0);
        List<String> args = a.subList(1, a.size());
        return switch (cmd) {
            case "true", ":" -> 0;
            case "false" -> 1;
            case "[", "test" -> test(cmd, args, err);
            case "exit" -> throw new Exit(args.isEmpty() ? status : intArg(args.get(0), cmd));
            case "return" -> throw new Return(args.isEmpty() ? status : intArg(args.get(0), cmd));
            case "break", "continue" -> throw new LoopControl(cmd.equals("break"),
                    args.isEmpty() ? 1 : Math.max(1, intArg(args.get(0), cmd)));
            case "export", "local", "readonly" -> {
                for (String a2 : args) {
                    int eq = a2.indexOf('=');
                    if (eq > 0) {
                        variables.put(a2.substring(0, eq), a2.substring(eq + 1));
                    }
                }
                yield 0;
            }
            case "unset" -> {
                args.forEach(variables::remove);
                yield 0;
            }
            case "shift" -> {
                int k = args.isEmpty() ? 1 : intArg(args.get(0), cmd);
                if (k > positional.size()) {
                    err.println("sh: 1: shift: can't shift that many");
                    yield 2;
                }
                positional = List.copyOf(positional.subList(k, positional.size()));
                yield 0;
            }
            case "sh", "bash", "ash", "dash" -> sh(args, in, out, err);
            case "wc" -> wc(args, in, out, err);
            case "rm" -> rm(args, err);
            case "mv" -> mv(args, err);
            case "stat" -> stat(args, out, err);
            case "echo" -> echo(args, out);
            case "uname" -> uname(args, out, err);
            case "nproc" -> {
                out.println(profile.cpus());
                yield 0;
            }
            case "cat" -> cat(args, in, out, err, false);
            case "zcat" -> cat(args, in, out, err, true);
            case "ls" -> ls(args, out, err);
            case "grep" -> grep(args, in, out, err);
            case "head", "tail" -> headTail(cmd, args, in, out);
            case "lsmod" -> lsmod(out);
            case "insmod" -> insmod(args, err, cpuAffinity);
            case "modprobe" -> modprobe(args, err);
            case "rmmod" -> rmmod(args, err);
            case "modinfo" -> modinfo(args, out, err);
            case "taskset" -> taskset(args, in, out, err);
            case "dd" -> dd(args, out, err);
            case "sync" -> 0;
            case "mount" -> mount(args, out, err);
            case "umount" -> umount(args, err);
            case "dmesg" -> dmesg(args, out, err);
            case "sleep" -> sleep(args, err);
            case "wqlab-board" -> wqlabBoard(args, out, err);
            case "uhubctl" -> uhubctl(args, out, err);
            case "usbmuxctl" -> usbmuxctl(args, out, err);
            case "mkdir", "rmdir" -> mkdirRmdir(cmd, args, err);
            case "hostname" -> {
                out.println(profile.hostname());
                yield 0;
            }
            default -> {
                err.println("sh: " + cmd + ": not found");
                yield 127;
            }
        };
    }

    private int echo(List<String> args, PrintStream out) {
        boolean newline = true;
        List<String> words = args;
        if (!args.isEmpty() && args.get(0).equals("-n")) {
            newline = false;
            words = args.subList(1, args.size());
        }
        out.print(String.join(" ", words));
        if (newline) {
            out.print('\n');
        }
        return 0;
    }

    private int uname(List<String> args, PrintStream out, PrintStream err) {
        String s = "Linux";
        String n = profile.hostname();
        String r = profile.kernelRelease();
        String v = profile.kernelBuild();
        String m = profile.machine();
        if (args.isEmpty()) {
            out.println(s);
            return 0;
        }
        List<String> parts = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals("-a")) {
                out.println(s + " " + n + " " + r + " " + v + " " + m + " GNU/Linux");
                return 0;
            }
            if (!arg.matches("-[snrvm]+")) {
                err.println("uname: invalid option -- '" + arg.replace("-", "") + "'");
                return 1;
            }
            for (char ch : arg.substring(1).toCharArray()) {
                parts.add(switch (ch) {
                    case 's' -> s;
                    case 'n' -> n;
                    case 'r' -> r;
                    case 'v' -> v;
                    default -> m;
                });
            }
        }
        out.println(String.join(" ", parts));
        return 0;
    }

    private int cat(List<String> args, InputStream in, PrintStream out, PrintStream err, boolean gunzip) {
        String name = gunzip ? "zcat" : "cat";
        if (!args.isEmpty() && args.get(0).equals("--")) {
            args = args.subList(1, args.size()); // end of options: what follows are file names, even "-x"
        }
        if (args.isEmpty()) {
            try {
                byte[] b = in.readAllBytes();
                out.write(gunzip ? gunzip(b) : b);
            } catch (IOException e) {
                err.println(name + ": stdin: " + e.getMessage());
                return 1;
            }
            return 0;
        }
        int code = 0;
        for (String f : args) {
            Optional<org.wqlab.sim.Tracefs.Location> trace = org.wqlab.sim.Tracefs.locate(absolute(f));
            if (trace.isPresent() && trace.get().rest().equals("trace_pipe")) {
                Optional<org.wqlab.sim.Tracefs.Buffer> buffer = board.tracefs().buffer(trace.get().instance());
                if (buffer.isPresent()) {
                    streamTracePipe(buffer.get(), out);
                    continue;
                }
            }
            if (absolute(f).equals("/dev/kmsg")) {
                followLog(out, e -> e.kmsgRecord(), false);
                continue;
            }
            Optional<byte[]> content = board.read(absolute(f));
            if (content.isEmpty()) {
                err.println(name + ": " + f + ": " + (board.list(absolute(f)).isEmpty()
                        ? "No such file or directory" : "Is a directory"));
                code = 1;
                continue;
            }
            try {
                out.write(gunzip ? gunzip(content.get()) : content.get());
            } catch (IOException e) {
                err.println(name + ": " + f + ": not in gzip format");
                code = 1;
            }
        }
        return code;
    }

    /** {@code cat trace_pipe}: consumes and prints lines as they come until interrupted. */
    private void streamTracePipe(org.wqlab.sim.Tracefs.Buffer buffer, PrintStream out) {
        while (!interrupted && !out.checkError()) {
            for (String line : buffer.drain()) {
                out.println(line);
            }
            out.flush();
            board.driver().await(() -> !buffer.isEmpty() || interrupted, NS / 10);
        }
    }

    private int mkdirRmdir(String cmd, List<String> args, PrintStream err) {
        int code = 0;
        boolean parents = false;
        boolean options = true;
        for (String a : args) {
            if (options && a.equals("--")) {
                options = false;
                continue;
            }
            if (options && a.startsWith("-") && a.length() > 1) {
                parents |= a.contains("p");
                continue;
            }
            Optional<org.wqlab.sim.Tracefs.Location> loc = org.wqlab.sim.Tracefs.locate(absolute(a));
            if (loc.isEmpty()) {
                String e = cmd.equals("mkdir") ? board.mkdir(absolute(a), parents) : board.rmdir(absolute(a));
                if (e != null) {
                    err.println(cmd + ": " + (cmd.equals("mkdir") ? "cannot create directory" : "failed to remove")
                            + " '" + a + "': " + e);
                    code = 1;
                }
                continue;
            }
            if (parents && cmd.equals("mkdir") && board.isDirectory(absolute(a))) {
                continue;
            }
            boolean instanceDir = !loc.get().instance().isEmpty() && loc.get().rest().isEmpty();
            boolean ok = instanceDir && (cmd.equals("mkdir") ? board.tracefs().create(loc.get().instance())
                    : board.tracefs().remove(loc.get().instance()));
            if (!ok) {
                err.println(cmd + ": " + (cmd.equals("mkdir") ? "cannot create directory" : "failed to remove") + " '"
                        + a + "': " + (instanceDir ? (cmd.equals("mkdir") ? "File exists" : "No such file or directory")
                        : "Permission denied"));
                code = 1;
            }
        }
        return code;
    }

    private static int intArg(String v, String cmd) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Illegal number: " + v);
        }
    }

    /** {@code sh -c SCRIPT [NAME [ARG...]]}: the script runs in a copy of this shell with NAME as $0 and ARGs as $1... */
    private int sh(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        if (args.size() < 2 || !args.get(0).equals("-c")) {
            err.println("sh: only 'sh -c SCRIPT [NAME [ARG...]]' is supported here");
            return 2;
        }
        Shell sub = subshell();
        sub.positional = args.size() > 3 ? List.copyOf(args.subList(3, args.size())) : List.of();
        sub.scriptName = args.size() > 2 ? args.get(2) : "sh";
        return sub.run(args.get(1), in, out, err);
    }

    /** {@code test} / {@code [ ... ]}: file tests, string and integer comparisons, {@code !}, {@code -a}, {@code -o}. */
    private int test(String cmd, List<String> args, PrintStream err) {
        List<String> a = args;
        if (cmd.equals("[")) {
            if (a.isEmpty() || !a.get(a.size() - 1).equals("]")) {
                err.println("sh: 1: [: missing ]");
                return 2;
            }
            a = a.subList(0, a.size() - 1);
        }
        try {
            return testOr(a) ? 0 : 1;
        } catch (IllegalArgumentException e) {
            err.println("sh: 1: " + cmd + ": " + e.getMessage());
            return 2;
        }
    }

    private boolean testOr(List<String> a) {
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).equals("-o") && i > 0 && i < a.size() - 1) {
                return testOr(a.subList(0, i)) || testOr(a.subList(i + 1, a.size()));
            }
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).equals("-a") && i > 0 && i < a.size() - 1) {
                return testOr(a.subList(0, i)) && testOr(a.subList(i + 1, a.size()));
            }
        }
        return testPrimary(a);
    }

    private boolean testPrimary(List<String> a) {
        switch (a.size()) {
            case 0 -> {
                return false;
            }
            case 1 -> {
                return !a.get(0).isEmpty();
            }
            case 2 -> {
                if (a.get(0).equals("!")) {
                    return !testPrimary(a.subList(1, 2));
                }
                return unaryTest(a.get(0), a.get(1));
            }
            case 3 -> {
                if (a.get(0).equals("!")) {
                    return !testPrimary(a.subList(1, 3));
                }
                return binaryTest(a.get(0), a.get(1), a.get(2));
            }
            default -> {
                if (a.get(0).equals("!")) {
                    return !testPrimary(a.subList(1, a.size()));
                }
                throw new IllegalArgumentException("unexpected operator");
            }
        }
    }

    private boolean unaryTest(String op, String operand) {
        String path = absolute(operand);
        return switch (op) {
            case "-z" -> operand.isEmpty();
            case "-n" -> !operand.isEmpty();
            case "-e", "-r", "-w" -> !operand.isEmpty() && board.exists(path);
            case "-f" -> !operand.isEmpty() && board.isRegularFile(path);
            case "-d" -> !operand.isEmpty() && board.isDirectory(path);
            case "-s" -> !operand.isEmpty() && board.isRegularFile(path) && board.size(path) > 0;
            case "-x" -> !operand.isEmpty() && board.isDirectory(path);
            case "-L", "-h", "-c", "-b", "-p", "-S" -> false;
            default -> throw new IllegalArgumentException(op + ": unexpected operator");
        };
    }

    private static boolean binaryTest(String left, String op, String right) {
        return switch (op) {
            case "=", "==" -> left.equals(right);
            case "!=" -> !left.equals(right);
            case "-eq", "-ne", "-lt", "-le", "-gt", "-ge" -> {
                long l = testNumber(left);
                long r = testNumber(right);
                yield switch (op) {
                    case "-eq" -> l == r;
                    case "-ne" -> l != r;
                    case "-lt" -> l < r;
                    case "-le" -> l <= r;
                    case "-gt" -> l > r;
                    default -> l >= r;
                };
            }
            default -> throw new IllegalArgumentException(op + ": unexpected operator");
        };
    }

    private static long testNumber(String v) {
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Illegal number: " + v);
        }
    }

    /** {@code wc [-c] [-l] [-w] [FILE...]}: with stdin only the numbers, with files the name after them. */
    private int wc(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        String flags = args.stream().filter(x -> x.startsWith("-") && x.length() > 1).map(x -> x.substring(1))
                .reduce("", String::concat);
        if (flags.isEmpty()) {
            flags = "lwc";
        }
        List<String> files = args.stream().filter(x -> !x.startsWith("-") || x.equals("-")).toList();
        int code = 0;
        if (files.isEmpty()) {
            try {
                out.println(wcCounts(in.readAllBytes(), flags, files.isEmpty()));
            } catch (IOException e) {
                return 1;
            }
            return 0;
        }
        for (String f : files) {
            Optional<byte[]> content = board.read(absolute(f));
            if (content.isEmpty()) {
                err.println("wc: " + f + ": No such file or directory");
                code = 1;
                continue;
            }
            out.println(wcCounts(content.get(), flags, false) + " " + f);
        }
        return code;
    }

    private static String wcCounts(byte[] b, String flags, boolean single) {
        List<String> counts = new ArrayList<>();
        String text = new String(b, StandardCharsets.ISO_8859_1);
        if (flags.contains("l")) {
            counts.add(Long.toString(text.chars().filter(c -> c == '\n').count()));
        }
        if (flags.contains("w")) {
            counts.add(Long.toString(text.isBlank() ? 0 : text.strip().split("\\s+").length));
        }
        if (flags.contains("c")) {
            counts.add(Long.toString(b.length));
        }
        return counts.size() == 1 && single ? counts.get(0) : String.join(" ", counts);
    }

    private static List<String> operands(List<String> args) {
        List<String> rest = new ArrayList<>();
        boolean options = true;
        for (String a : args) {
            if (options && a.equals("--")) {
                options = false;
            } else if (!(options && a.startsWith("-") && a.length() > 1)) {
                rest.add(a);
            }
        }
        return rest;
    }

    private static String options(List<String> args) {
        StringBuilder sb = new StringBuilder();
        for (String a : args) {
            if (a.equals("--")) {
                break;
            }
            if (a.startsWith("-") && a.length() > 1) {
                sb.append(a.substring(1));
            }
        }
        return sb.toString();
    }

    /** {@code rm [-f] [-r] [--] FILE...}. */
    private int rm(List<String> args, PrintStream err) {
        String opts = options(args);
        boolean force = opts.contains("f");
        boolean recursive = opts.contains("r") || opts.contains("R");
        int code = 0;
        List<String> files = operands(args);
        if (files.isEmpty() && !force) {
            err.println("rm: missing operand");
            return 1;
        }
        for (String f : files) {
            String path = absolute(f);
            if (board.isDirectory(path)) {
                if (!recursive) {
                    err.println("rm: cannot remove '" + f + "': Is a directory");
                    code = 1;
                    continue;
                }
                removeTree(path);
                continue;
            }
            if (!board.exists(path)) {
                if (!force) {
                    err.println("rm: cannot remove '" + f + "': No such file or directory");
                    code = 1;
                }
                continue;
            }
            if (!board.deleteFile(path)) {
                err.println("rm: cannot remove '" + f + "': " + (path.startsWith("/proc/") || path.startsWith("/sys/")
                        ? "Operation not permitted" : "Permission denied"));
                code = 1;
            }
        }
        return code;
    }

    private void removeTree(String dir) {
        for (String name : board.list(dir)) {
            String p = dir + "/" + name;
            if (board.isDirectory(p)) {
                removeTree(p);
            } else {
                board.deleteFile(p);
            }
        }
        board.rmdir(dir);
    }

    /** {@code mv [-f] [--] SOURCE TARGET}: a rename of a regular file (into TARGET if it is a folder). */
    private int mv(List<String> args, PrintStream err) {
        List<String> files = operands(args);
        if (files.size() != 2) {
            err.println(files.size() < 2 ? "mv: missing file operand" : "mv: only one source is supported here");
            return 1;
        }
        String e = board.rename(absolute(files.get(0)), absolute(files.get(1)));
        if (e != null) {
            err.println(e.equals("No such file or directory") && !board.exists(absolute(files.get(0)))
                    ? "mv: cannot stat '" + files.get(0) + "': " + e
                    : "mv: cannot move '" + files.get(0) + "' to '" + files.get(1) + "': " + e);
            return 1;
        }
        return 0;
    }

    /** {@code stat -c FORMAT FILE...} with {@code %s} (size), {@code %n} (name), {@code %F} (type). */
    private int stat(List<String> args, PrintStream out, PrintStream err) {
        String format = null;
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if ((args.get(i).equals("-c") || args.get(i).equals("--format")) && i + 1 < args.size()) {
                format = args.get(++i);
            } else if (args.get(i).startsWith("--format=")) {
                format = args.get(i).substring(9);
            } else if (!args.get(i).equals("--")) {
                files.add(args.get(i));
            }
        }
        if (format == null || files.isEmpty()) {
            err.println("stat: only 'stat -c FORMAT FILE...' is supported here");
            return 1;
        }
        int code = 0;
        for (String f : files) {
            String path = absolute(f);
            if (!board.exists(path)) {
                err.println("stat: cannot statx '" + f + "': No such file or directory");
                code = 1;
                continue;
            }
            boolean dir = board.isDirectory(path);
            out.println(format.replace("%s", Long.toString(dir ? 4096 : Math.max(board.size(path), 0)))
                    .replace("%n", f).replace("%F", dir ? "directory" : "regular file"));
        }
        return code;
    }

    private static byte[] gunzip(byte[] b) throws IOException {
        try (GZIPInputStream gz = new GZIPInputStream(new ByteArrayInputStream(b))) {
            return gz.readAllBytes();
        }
    }

    private static String absolute(String path) {
        return path.startsWith("/") ? path : "/root/" + path;
    }

    private int ls(List<String> args, PrintStream out, PrintStream err) {
        List<String> paths = args.stream().filter(x -> !x.startsWith("-")).toList();
        boolean longFormat = args.stream().anyMatch(x -> x.startsWith("-") && x.contains("l"));
        if (paths.isEmpty()) {
            paths = List.of("/root");
        }
        int code = 0;
        for (String p : paths) {
            String abs = absolute(p);
            List<String> entries = board.list(abs);
            if (!entries.isEmpty()) {
                for (String e : entries) {
                    out.println(longFormat ? longLine(abs + "/" + e, e) : e);
                }
            } else if (board.isDirectory(abs)) {
                continue;
            } else if (board.exists(abs)) {
                out.println(longFormat ? longLine(abs, p) : p);
            } else if (!abs.equals("/root")) {
                err.println("ls: cannot access '" + p + "': No such file or directory");
                code = 2;
            }
        }
        return code;
    }

    private String longLine(String path, String shown) {
        long size = board.size(path);
        boolean dir = size < 0;
        return (dir ? "drwxr-xr-x 2" : "-rw-r--r-- 1") + " root root " + Math.max(size, 4096) + " Jan  1 00:00 " + shown;
    }

    /** {@code grep [-i] [-v] [-c] [-E] PATTERN [FILE]}: extended regular expressions, as {@code grep -E}. */
    private int grep(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        boolean ignoreCase = false;
        boolean invert = false;
        boolean count = false;
        List<String> rest = new ArrayList<>();
        for (String a : args) {
            if (rest.isEmpty() && a.matches("-[ivcE]+")) {
                ignoreCase |= a.contains("i");
                invert |= a.contains("v");
                count |= a.contains("c");
            } else {
                rest.add(a);
            }
        }
        if (rest.isEmpty()) {
            err.println("Usage: grep [-ivcE] PATTERN [FILE]...");
            return 2;
        }
        java.util.regex.Pattern pattern;
        try {
            pattern = java.util.regex.Pattern.compile(rest.get(0), ignoreCase ? java.util.regex.Pattern.CASE_INSENSITIVE
                    : 0);
        } catch (java.util.regex.PatternSyntaxException e) {
            err.println("grep: Invalid regular expression");
            return 2;
        }
        String text;
        try {
            if (rest.size() > 1) {
                Optional<byte[]> f = board.read(absolute(rest.get(1)));
                if (f.isEmpty()) {
                    err.println("grep: " + rest.get(1) + ": No such file or directory");
                    return 2;
                }
                text = new String(f.get(), StandardCharsets.UTF_8);
            } else {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            return 2;
        }
        int matches = 0;
        for (String line : text.split("\n")) {
            if (pattern.matcher(line).find() != invert && !(line.isEmpty() && text.isEmpty())) {
                matches++;
                if (!count) {
                    out.println(line);
                }
            }
        }
        if (count) {
            out.println(matches);
        }
        return matches > 0 ? 0 : 1;
    }

    private int headTail(String cmd, List<String> args, InputStream in, PrintStream out) {
        int n = 10;
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("-n") && i + 1 < args.size()) {
                n = Integer.parseInt(args.get(++i));
            } else if (args.get(i).matches("-\\d+")) {
                n = Integer.parseInt(args.get(i).substring(1));
            }
        }
        String[] lines;
        try {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1);
        } catch (IOException e) {
            return 1;
        }
        int count = lines.length > 0 && lines[lines.length - 1].isEmpty() ? lines.length - 1 : lines.length;
        int from = cmd.equals("head") ? 0 : Math.max(0, count - n);
        int to = cmd.equals("head") ? Math.min(n, count) : count;
        for (int i = from; i < to; i++) {
            out.println(lines[i]);
        }
        return 0;
    }

    private int lsmod(PrintStream out) {
        out.println("Module                  Size  Used by");
        String proc = new String(board.read("/proc/modules").orElseThrow(), StandardCharsets.UTF_8);
        for (String line : proc.split("\n")) {
            if (!line.isBlank()) {
                String[] f = line.split(" ");
                out.println(String.format("%-19s %8s  %s", f[0], f[1], f[2]));
            }
        }
        return 0;
    }

    private int loaderCpu(int affinity) {
        return affinity >= 0 ? affinity : board.driver().call(() -> board.kernel().random().nextInt(profile.cpus()));
    }

    private int insmod(List<String> args, PrintStream err, int affinity) {
        if (args.isEmpty()) {
            err.println("insmod: ERROR: missing filename.");
            return 1;
        }
        String path = absolute(args.get(0));
        Optional<byte[]> image = board.read(path);
        if (image.isEmpty()) {
            err.println("insmod: ERROR: could not load module " + args.get(0) + ": No such file or directory");
            return 1;
        }
        String error = board.insmod(path, image.get(), args.subList(1, args.size()), loaderCpu(affinity));
        if (error != null) {
            err.println("insmod: ERROR: could not insert module " + args.get(0) + ": " + error);
            return 1;
        }
        return 0;
    }

    private int modprobe(List<String> args, PrintStream err) {
        List<String> rest = args.stream().filter(x -> !x.startsWith("-")).toList();
        boolean remove = args.contains("-r");
        if (rest.isEmpty()) {
            err.println("modprobe: ERROR: missing module name.");
            return 1;
        }
        String name = rest.get(0);
        if (remove) {
            String e = board.rmmod(name);
            return e == null ? 0 : 1;
        }
        Optional<String> path = board.findModule(name);
        if (path.isEmpty()) {
            err.println("modprobe: FATAL: Module " + name + " not found in directory /lib/modules/"
                    + profile.kernelRelease());
            return 1;
        }
        String error = board.insmod(path.get(), board.read(path.get()).orElseThrow(), rest.subList(1, rest.size()),
                loaderCpu(cpuAffinity));
        if (error != null) {
            if (error.equals("File exists")) {
                return 0;
            }
            err.println("modprobe: ERROR: could not insert '" + name.replace('-', '_') + "': " + error);
            return 1;
        }
        return 0;
    }

    private int rmmod(List<String> args, PrintStream err) {
        if (args.isEmpty()) {
            err.println("rmmod: ERROR: missing module name.");
            return 1;
        }
        String e = board.rmmod(args.get(0));
        if (e != null) {
            err.println("rmmod: ERROR: Module " + args.get(0).replace('-', '_') + " is not currently loaded");
            return 1;
        }
        return 0;
    }

    private int modinfo(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty()) {
            err.println("modinfo: ERROR: missing module or filename.");
            return 1;
        }
        String arg = args.get(0);
        String path = arg.contains("/") || arg.endsWith(".ko") ? absolute(arg) : board.findModule(arg).orElse(null);
        Optional<byte[]> image = path == null ? Optional.empty() : board.read(path);
        if (image.isEmpty()) {
            err.println("modinfo: ERROR: Module " + arg + " not found.");
            return 1;
        }
        ModuleInfo info;
        try {
            info = board.modinfo(path, image.get());
        } catch (ElfFormatException e) {
            err.println("modinfo: ERROR: could not get modinfo from '" + arg + "': Invalid argument");
            return 1;
        }
        out.println(String.format("%-16s%s", "filename:", path));
        info.entries().stream().filter(en -> !en.key().equals("parm") && !en.key().equals("parmtype"))
                .forEach(en -> out.println(String.format("%-16s%s", en.key() + ":", en.value())));
        for (ModuleParameter p : info.parameters()) {
            out.println(String.format("%-16s%s:%s (%s)", "parm:", p.name(), p.description(), p.type()));
        }
        return 0;
    }

    private int taskset(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        if (args.size() < 3 || !args.get(0).equals("-c")) {
            err.println("taskset: usage: taskset -c <cpu-list> <command> [args...]");
            return 1;
        }
        int cpu;
        try {
            cpu = Integer.parseInt(args.get(1).split("[,-]")[0]);
        } catch (NumberFormatException e) {
            err.println("taskset: failed to parse CPU list: " + args.get(1));
            return 1;
        }
        if (cpu < 0 || cpu >= profile.cpus()) {
            err.println("taskset: failed to set pid 0's affinity: Invalid argument");
            return 1;
        }
        int old = cpuAffinity;
        cpuAffinity = cpu;
        try {
            return dispatch(args.subList(2, args.size()), in, out, err);
        } finally {
            cpuAffinity = old;
        }
    }

    private int dd(List<String> args, PrintStream out, PrintStream err) {
        String in = null;
        long bs = 512;
        long count = -1;
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                err.println("dd: unrecognized operand '" + arg + "'");
                return 1;
            }
            String k = arg.substring(0, eq);
            String v = arg.substring(eq + 1);
            switch (k) {
                case "if" -> in = v;
                case "of", "status", "iflag", "oflag", "conv" -> { }
                case "bs" -> bs = bytes(v);
                case "count" -> count = Long.parseLong(v);
                default -> {
                    err.println("dd: unrecognized operand '" + arg + "'");
                    return 1;
                }
            }
        }
        if (in == null || !Board.normalize(absolute(in)).equals(UsbStick.SAMPLE_FILE)) {
            long bytes = count >= 0 ? count * bs : 0;
            printDdSummary(err, bytes, bs, 1_000_000);
            return 0;
        }
        long size = board.size(UsbStick.SAMPLE_FILE);
        boolean mounted = board.driver().call(() -> board.kernel().usb().mounted());
        if (!mounted) {
            err.println("dd: failed to open '" + in + "': No such file or directory");
            return 1;
        }
        long want = count >= 0 ? Math.min(size, count * bs) : size;
        UsbStick.ReadResult[] result = new UsbStick.ReadResult[1];
        board.driver().run(() -> board.kernel().usb().read(want, r -> result[0] = r));
        board.driver().await(() -> result[0] != null || interrupted, 24 * 3600 * NS);
        UsbStick.ReadResult r = board.driver().call(() -> result[0]);
        if (r == null) {
            return 130;
        }
        if (r.error() != null) {
            err.println("dd: error reading '" + in + "': " + r.error());
        }
        printDdSummary(err, r.bytes(), bs, r.durationNs());
        return r.error() == null ? 0 : 1;
    }

    private static long bytes(String v) {
        String s = v.toUpperCase(Locale.ROOT);
        long mult = 1;
        if (s.endsWith("K")) {
            mult = 1024;
        } else if (s.endsWith("M")) {
            mult = 1024 * 1024;
        } else if (s.endsWith("G")) {
            mult = 1024L * 1024 * 1024;
        }
        return Long.parseLong(mult == 1 ? s : s.substring(0, s.length() - 1)) * mult;
    }

    /** GNU dd's three summary lines. */
    static void printDdSummary(PrintStream err, long bytes, long bs, long durationNs) {
        long full = bytes / bs;
        long partial = bytes % bs == 0 ? 0 : 1;
        err.println(full + "+" + partial + " records in");
        err.println(full + "+" + partial + " records out");
        double s = Math.max(durationNs, 1) / 1e9;
        String size = bytes >= 1000 ? " (" + human(bytes, 1000, "B") + ", " + human(bytes, 1024, "iB") + ")" : "";
        err.println(bytes + " bytes" + size + " copied, " + String.format(Locale.ROOT, "%.6g", s).replaceAll(
                "0+$", "").replaceAll("\\.$", "") + " s, " + human((long) (bytes / s), 1000, "B") + "/s");
    }

    static String human(long value, int base, String suffix) {
        String[] units = {"", "k", "M", "G", "T"};
        double v = value;
        int u = 0;
        while (v >= base && u < units.length - 1) {
            v /= base;
            u++;
        }
        String unit = base == 1024 && u > 0 ? units[u].toUpperCase(Locale.ROOT) : units[u];
        if (u == 0) {
            return value + " " + (base == 1024 ? "B" : "B");
        }
        String number = v < 10 ? String.format(Locale.ROOT, "%.1f", v)
                : v < 100 && base == 1000 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.0f", v);
        return number + " " + unit + suffix;
    }

    private int mount(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty()) {
            out.println("/dev/mmcblk0p1 on / type ext4 (rw,relatime)");
            out.println("proc on /proc type proc (rw,relatime)");
            out.println("sysfs on /sys type sysfs (rw,relatime)");
            out.println("tracefs on /sys/kernel/tracing type tracefs (rw,relatime)");
            if (board.driver().call(() -> board.kernel().usb().mounted())) {
                out.println("/dev/sda1 on " + UsbStick.MOUNT_POINT + " type ext4 (rw,relatime)");
            }
            return 0;
        }
        String dev = args.get(args.size() - (args.size() >= 2 ? 2 : 1));
        if (!dev.equals("/dev/sda1")) {
            err.println("mount: " + dev + ": special device does not exist.");
            return 32;
        }
        boolean ok = board.driver().call(() -> board.kernel().usb().mount());
        if (!ok) {
            err.println("mount: " + UsbStick.MOUNT_POINT + ": /dev/sda1 already mounted or mount point busy.");
            return 32;
        }
        return 0;
    }

    private int umount(List<String> args, PrintStream err) {
        if (args.isEmpty()) {
            err.println("umount: bad usage");
            return 1;
        }
        String target = Board.normalize(args.get(args.size() - 1));
        if (!target.equals(UsbStick.MOUNT_POINT) && !target.equals("/dev/sda1")) {
            err.println("umount: " + target + ": not mounted.");
            return 32;
        }
        long ns = board.driver().call(() -> board.kernel().usb().umount());
        if (ns == UsbStick.BUSY) {
            err.println("umount: " + UsbStick.MOUNT_POINT + ": target is busy.");
            return 32;
        }
        if (ns < 0) {
            err.println("umount: " + target + ": not mounted.");
            return 32;
        }
        board.driver().sleep(ns);
        return 0;
    }

    private int dmesg(List<String> args, PrintStream out, PrintStream err) {
        boolean follow = false;
        boolean human = false;
        boolean raw = false;
        boolean clear = false;
        for (String arg : args) {
            switch (arg) {
                case "-w", "--follow" -> follow = true;
                case "-T", "--ctime" -> human = true;
                case "-r", "--raw" -> raw = true;
                case "-c", "--read-clear" -> clear = true;
                case "-C", "--clear" -> {
                    board.driver().run(() -> board.kernel().log().clear());
                    return 0;
                }
                default -> {
                    err.println("dmesg: invalid option -- '" + arg.replace("-", "") + "'");
                    return 1;
                }
            }
        }
        boolean h = human;
        boolean r = raw;
        if (clear) {
            board.driver().call(() -> board.kernel().log().entries()).forEach(e -> out.println(format(e, h, r)));
            board.driver().run(() -> board.kernel().log().clear());
            return 0;
        }
        followLog(out, e -> format(e, h, r), !follow);
        return 0;
    }

    /** Prints the log records there are, then (unless {@code once}) new ones as they come until interrupted. */
    private void followLog(PrintStream out, java.util.function.Function<KernelLog.Entry, String> render, boolean once) {
        LinkedBlockingQueue<KernelLog.Entry> live = new LinkedBlockingQueue<>();
        Consumer<KernelLog.Entry> listener = live::add;
        List<KernelLog.Entry> existing = board.driver().call(() -> {
            if (!once) {
                board.kernel().log().addListener(listener);
            }
            return board.kernel().log().entries();
        });
        for (KernelLog.Entry e : existing) {
            out.println(render.apply(e));
        }
        if (once) {
            return;
        }
        try {
            BooleanSupplier stop = () -> interrupted || out.checkError();
            while (!stop.getAsBoolean()) {
                board.driver().await(() -> !live.isEmpty() || interrupted, NS / 10);
                KernelLog.Entry e;
                while ((e = live.poll()) != null) {
                    out.println(render.apply(e));
                }
                out.flush();
            }
        } finally {
            board.driver().run(() -> board.kernel().log().removeListener(listener));
        }
    }

    private String format(KernelLog.Entry e, boolean human, boolean raw) {
        String prefix = raw ? "<" + e.level() + ">" : "";
        if (human) {
            Instant t = Instant.ofEpochSecond(board.bootEpochSeconds()).plusNanos(e.timeNs());
            return prefix + "[" + DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.ROOT)
                    .format(t.atZone(ZoneOffset.UTC)) + "] " + e.text();
        }
        return prefix + e.dmesgLine();
    }

    private int sleep(List<String> args, PrintStream err) {
        if (args.isEmpty()) {
            err.println("sleep: missing operand");
            return 1;
        }
        double seconds;
        try {
            seconds = Double.parseDouble(args.get(0));
        } catch (NumberFormatException e) {
            err.println("sleep: invalid time interval '" + args.get(0) + "'");
            return 1;
        }
        long ns = (long) (seconds * NS);
        board.driver().await(() -> interrupted, ns);
        return interrupted ? 130 : 0;
    }

    private int wqlabBoard(List<String> args, PrintStream out, PrintStream err) {
        if (args.size() != 3 || !args.get(0).equals("usb") || !List.of("pull", "plug").contains(args.get(1))) {
            err.println("usage: wqlab-board usb pull|plug <device>");
            return 2;
        }
        if (!args.get(2).equals(profile.usbDevice())) {
            err.println("wqlab-board: no USB port " + args.get(2) + " (the stick is on " + profile.usbDevice() + ")");
            return 1;
        }
        boolean pull = args.get(1).equals("pull");
        boolean changed = board.driver().call(() -> pull ? board.kernel().usb().disconnectAtHub()
                : board.kernel().usb().plug());
        if (!changed) {
            err.println("wqlab-board: " + args.get(2) + " is already " + (pull ? "unplugged" : "plugged in"));
            return 1;
        }
        return 0;
    }

    /**
     * {@code uhubctl -l 2 -p 1 -a off|on [-S]}: the hub port's power. With {@code -S} (USB control requests) or on
     * kernels before 6.0 the hub sees a disconnect and hub_event tears down (the stall); without it, kernels >= 6.0
     * make uhubctl write the port's sysfs {@code disable} file, which tears down in the writing process.
     */
    private int uhubctl(List<String> args, PrintStream out, PrintStream err) {
        String action = null;
        for (int i = 0; i < args.size() - 1; i++) {
            if (args.get(i).equals("-a")) {
                action = args.get(i + 1);
            }
        }
        if (action == null) {
            out.println("Current status for hub 2 [1d6b:0002 xHCI Host Controller, USB 2.00, 1 ports, ppps]");
            return 0;
        }
        boolean off = action.equals("off") || action.equals("0");
        boolean viaSysfs = !args.contains("-S") && profile.kernelMajor() >= 6;
        out.println("Current status for hub 2 [1d6b:0002 xHCI Host Controller, USB 2.00, 1 ports, ppps]");
        if (off && viaSysfs) {
            long ns = board.driver().call(() -> board.kernel().usb().disconnectInProcess());
            board.driver().sleep(Math.max(ns, 0));
        } else {
            board.driver().run(() -> {
                if (off) {
                    board.kernel().usb().disconnectAtHub();
                } else {
                    board.kernel().usb().plug();
                }
            });
        }
        out.println("Sent power " + (off ? "off" : "on") + " request");
        return 0;
    }

    /** {@code usbmuxctl disconnect | device-host}: a USB mux cutting the stick off the host (hub_event teardown). */
    private int usbmuxctl(List<String> args, PrintStream out, PrintStream err) {
        String action = args.isEmpty() ? "" : args.get(args.size() - 1);
        switch (action) {
            case "disconnect" -> board.driver().run(() -> board.kernel().usb().disconnectAtHub());
            case "device-host" -> board.driver().run(() -> board.kernel().usb().plug());
            default -> {
                err.println("usage: usbmuxctl disconnect|device-host");
                return 2;
            }
        }
        return 0;
    }
}
