package org.wqlab.sim.shell;

import static org.wqlab.sim.shell.Shell.NS;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.wqlab.sim.Board;
import org.wqlab.sim.kernel.KernelLog;

/** The kernel log and tracing: dmesg, and the streams cat follows ({@code /dev/kmsg}, tracefs {@code trace_pipe}). */
final class KernelLogCommands implements CommandGroup {

    private final Shell shell;
    private final Board board;

    KernelLogCommands(Shell shell) {
        this.shell = shell;
        this.board = shell.board();
    }

    @Override
    public void addTo(CommandTable table) {
        table.add("dmesg", (args, in, out, err) -> dmesg(args, out, err));
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

    /** Prints the log records there are, then (unless {@code once}) new ones as they come until shell.interrupted(). */
    void followLog(PrintStream out, java.util.function.Function<KernelLog.Entry, String> render, boolean once) {
        LinkedBlockingQueue<KernelLog.Entry> live = new LinkedBlockingQueue<>();
        Consumer<KernelLog.Entry> listener = live::add;
        List<KernelLog.Entry> existing = board.driver().call(() -> {
            if (!once) {
                board.kernel().log().addListener(listener);
            }
            return board.kernel().log().entries();
        });
        writeBatch(out, existing.stream().map(render).toList());
        if (once) {
            return;
        }
        try {
            BooleanSupplier stop = () -> shell.interrupted() || out.checkError();
            List<String> batch = new ArrayList<>();
            while (!stop.getAsBoolean()) {
                board.driver().await(() -> !live.isEmpty() || shell.interrupted(), NS / 10);
                KernelLog.Entry e;
                while ((e = live.poll()) != null) {
                    batch.add(render.apply(e));
                }
                writeBatch(out, batch);
                batch.clear();
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

    /** {@code cat trace_pipe}: consumes and prints lines as they come until shell.interrupted(). */
    void streamTracePipe(org.wqlab.sim.Tracefs.Buffer buffer, PrintStream out) {
        while (!shell.interrupted() && !out.checkError()) {
            writeBatch(out, buffer.drain());
            board.driver().await(() -> !buffer.isEmpty() || shell.interrupted(), NS / 10);
        }
    }

    /**
     * The lines in one write, as a real {@code cat} writes what one read returned: the shell's streams flush on
     * every line, which over SSH is a packet per line, and a fast board's trace then costs the host more CPU in
     * packets than it has.
     */
    private static void writeBatch(PrintStream out, List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        StringBuilder text = new StringBuilder(lines.size() * 96);
        for (String line : lines) {
            text.append(line).append('\n');
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
        out.flush();
    }
}
