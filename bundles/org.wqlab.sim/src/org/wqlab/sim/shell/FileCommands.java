package org.wqlab.sim.shell;

import static org.wqlab.sim.shell.Shell.absolute;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

import org.wqlab.sim.Board;

/** Files and text: echo, cat and zcat, ls, stat, rm, mv, mkdir and rmdir, wc, grep, head and tail. */
final class FileCommands implements CommandGroup {

    private final Board board;
    private final KernelLogCommands log;

    FileCommands(Shell shell, KernelLogCommands log) {
        this.board = shell.board();
        this.log = log;
    }

    @Override
    public void addTo(CommandTable table) {
        table.add("echo", (args, in, out, err) -> echo(args, out));
        table.add("cat", (args, in, out, err) -> cat(args, in, out, err, false));
        table.add("zcat", (args, in, out, err) -> cat(args, in, out, err, true));
        table.add("ls", (args, in, out, err) -> ls(args, out, err));
        table.add("stat", (args, in, out, err) -> stat(args, out, err));
        table.add("rm", (args, in, out, err) -> rm(args, err));
        table.add("mv", (args, in, out, err) -> mv(args, err));
        table.add("mkdir", (args, in, out, err) -> mkdirRmdir("mkdir", args, err));
        table.add("rmdir", (args, in, out, err) -> mkdirRmdir("rmdir", args, err));
        table.add("wc", this::wc);
        table.add("grep", this::grep);
        table.add("head", (args, in, out, err) -> headTail("head", args, in, out));
        table.add("tail", (args, in, out, err) -> headTail("tail", args, in, out));
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
                    log.streamTracePipe(buffer.get(), out);
                    continue;
                }
            }
            if (absolute(f).equals("/dev/kmsg")) {
                log.followLog(out, e -> e.kmsgRecord(), false);
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
                        + a + "': " + (instanceDir ? (cmd.equals("mkdir") && board.tracefs().instancesAllowed()
                                ? "File exists" : "No such file or directory") : "Permission denied"));
                code = 1;
            }
        }
        return code;
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
}
