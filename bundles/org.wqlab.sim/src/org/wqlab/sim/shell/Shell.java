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
        CommandLine parsed;
        try {
            parsed = CommandLine.parse(line);
        } catch (ShellSyntaxException e) {
            err.println("sh: " + e.getMessage());
            status = 2;
            return status;
        }
        for (CommandLine.Pipeline p : parsed.pipelines()) {
            if ((p.joinBefore().equals("&&") && status != 0) || (p.joinBefore().equals("||") && status == 0)) {
                continue;
            }
            status = runPipeline(p, stdin, stdout, stderr);
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
        return code;
    }

    private int runCommand(CommandLine.Command c, InputStream in, OutputStream stdout, OutputStream stderr) {
        List<String> args = new ArrayList<>();
        for (CommandLine.Word w : c.words()) {
            args.addAll(expand(w.text().replace(String.valueOf(CommandLine.STATUS), Integer.toString(status))));
        }
        OutputStream out = stdout;
        OutputStream errStream = stderr;
        ByteArrayOutputStream fileOut = null;
        CommandLine.Redirect fileRedirect = null;
        for (CommandLine.Redirect r : c.redirects()) {
            if (r.fd() == 2 && r.target().equals("&1")) {
                errStream = out;
            } else if (r.fd() == 2) {
                errStream = OutputStream.nullOutputStream();
            } else {
                fileOut = new ByteArrayOutputStream();
                fileRedirect = r;
                out = fileOut;
            }
        }
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(errStream, true, StandardCharsets.UTF_8);
        int code;
        try {
            code = dispatch(args, in, o, e);
        } catch (RuntimeException ex) {
            e.println("sh: " + args.get(0) + ": " + ex.getMessage());
            code = 1;
        }
        o.flush();
        if (fileRedirect != null) {
            String target = fileRedirect.target();
            try {
                board.write(target, fileOut.toString(StandardCharsets.UTF_8), fileRedirect.append());
            } catch (Board.WriteError we) {
                e.println("sh: " + args.get(0) + ": write error: " + we.getMessage());
                return 1;
            }
        }
        return code;
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
        for (String a : args) {
            if (a.startsWith("-")) {
                continue;
            }
            Optional<org.wqlab.sim.Tracefs.Location> loc = org.wqlab.sim.Tracefs.locate(absolute(a));
            if (loc.isEmpty()) {
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
