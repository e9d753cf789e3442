package org.wqlab.sim.shell;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.sim.Board;

/**
 * The simulated board's small shell over the model: sh quoting, {@code ; && || |}, redirections, exit codes, and the
 * commands a latency experiment uses. Commands that take board time (dd, sleep, sysfs remove) return when that time
 * has passed on the board's clock. This class is the interpreter and its builtins; the board commands are in
 * {@link ShellCommands}, grouped by area, and {@link WordExpansion} expands words.
 */
public final class Shell {

    static final long NS = 1_000_000_000L;

    private final Board board;
    int status;
    private int cpuAffinity = -1;
    private volatile boolean interrupted;
    private final WordExpansion expansion = new WordExpansion(this);
    private final CommandTable commands;

    public Shell(Board board) {
        this.board = board;
        this.commands = ShellCommands.of(this);
    }

    Board board() {
        return board;
    }

    /** Whether {@link #interrupt()} was called during this command line: long-running commands stop then. */
    boolean interrupted() {
        return interrupted;
    }

    /** The CPU {@code taskset -c} pins the running command to, -1 for none. */
    int cpuAffinity() {
        return cpuAffinity;
    }

    void cpuAffinity(int cpu) {
        cpuAffinity = cpu;
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

    final Map<String, String> variables = new HashMap<>(Map.of("HOME", "/root", "PATH",
            "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "SHELL", "/bin/sh", "USER", "root",
            "PWD", "/root", "IFS", " \t\n"));
    private final Map<String, CommandLine.Command> functions = new HashMap<>();
    List<String> positional = List.of();
    String scriptName = "sh";

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
                for (String field : expansion.expandWord(w, true)) {
                    args.addAll(expansion.expand(field));
                }
            }
        }
        OutputStream[] fds = {null, stdout, stderr};
        InputStream input = in;
        List<FileTarget> targets = new ArrayList<>();
        for (CommandLine.Redirect r : c.redirects()) {
            String target = String.join(" ", expansion.expandWord(r.target(), false));
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
            expansion.lastSubstitutionStatus = -1;
            variables.put(a.substring(0, eq), String.join(" ", expansion.expandWord(a.substring(eq + 1), false)));
            if (expansion.lastSubstitutionStatus >= 0) {
                substitutionStatus = expansion.lastSubstitutionStatus;
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
                for (String field : expansion.expandWord(w, true)) {
                    values.addAll(expansion.expand(field));
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

    /** Where a command substitution's stderr goes: the stderr of the command line being run. */
    PrintStream substitutionErr = new PrintStream(OutputStream.nullOutputStream());

    Shell subshell() {
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

    /** Runs a builtin or a board command by its name, {@code a.get(0)}. */
    int dispatch(List<String> a, InputStream in, PrintStream out, PrintStream err) {
        String cmd = a.get(0);
        List<String> args = a.subList(1, a.size());
        return switch (cmd) {
            case "true", ":" -> 0;
            case "false" -> 1;
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
            case "command" -> commandV(args, out, err);
            default -> {
                ShellCommand command = commands.get(cmd);
                if (command != null) {
                    yield command.run(args, in, out, err);
                }
                err.println("sh: " + cmd + ": not found");
                yield 127;
            }
        };
    }

    /** {@code command -v NAME...}: where each board command is (its path), a builtin by its name; 1 when one is not. */
    private int commandV(List<String> args, PrintStream out, PrintStream err) {
        if (args.size() < 2 || !args.get(0).equals("-v")) {
            err.println("sh: command: only 'command -v NAME...' is supported here");
            return 2;
        }
        int code = 0;
        for (String name : args.subList(1, args.size())) {
            if (commands.get(name) != null) {
                out.println((name.equals("wqlab-board") || name.equals("uhubctl") || name.equals("usbmuxctl")
                        ? "/usr/sbin/" : "/bin/") + name);
            } else if (List.of("true", "false", "exit", "export", "sh", "command", "cd").contains(name)) {
                out.println(name);
            } else {
                code = 1;
            }
        }
        return code;
    }

    static int intArg(String v, String cmd) {
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

    static String absolute(String path) {
        return path.startsWith("/") ? path : "/root/" + path;
    }
}
