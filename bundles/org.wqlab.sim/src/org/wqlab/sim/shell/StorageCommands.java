package org.wqlab.sim.shell;

import static org.wqlab.sim.shell.Shell.NS;
import static org.wqlab.sim.shell.Shell.absolute;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import org.wqlab.sim.Board;
import org.wqlab.sim.kernel.UsbStick;

/** The USB stick as storage: dd (a copy that takes board time), mount, umount, sync. */
final class StorageCommands implements CommandGroup {

    private final Shell shell;
    private final Board board;

    StorageCommands(Shell shell) {
        this.shell = shell;
        this.board = shell.board();
    }

    @Override
    public void addTo(CommandTable table) {
        table.add("dd", (args, in, out, err) -> dd(args, out, err));
        table.add("mount", (args, in, out, err) -> mount(args, out, err));
        table.add("umount", (args, in, out, err) -> umount(args, err));
        table.add("sync", (args, in, out, err) -> 0);
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
        board.driver().await(() -> result[0] != null || shell.interrupted(), 24 * 3600 * NS);
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
            String mounts = new String(board.read("/proc/mounts").orElseThrow(), StandardCharsets.UTF_8);
            for (String line : mounts.lines().toList()) {
                String[] f = line.split(" ");
                out.println(f[0] + " on " + f[1] + " type " + f[2] + " (" + f[3] + ")");
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
}
