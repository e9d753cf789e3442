package org.wqlab.ui.plot.tests;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.wqlab.core.elf.ElfMachine;
import org.wqlab.klog.KlogParser;
import org.wqlab.live.LiveSession;
import org.wqlab.sim.Board;
import org.wqlab.sim.ModuleImage;
import org.wqlab.sim.kernel.KernelLog;
import org.wqlab.sim.shell.Shell;

/**
 * Shell commands run on a simulated board in a thread of their own, the board's kernel log parsed into a live
 * session as it is written (the board's model thread is the acquisition thread here), with a latency-mon module
 * image at {@code /tmp/latency-mon.ko}.
 */
final class SimulatedSequence {
    private final Thread thread;
    private final AtomicReference<String> failure = new AtomicReference<>();

    private SimulatedSequence(Board board, List<String> commands) {
        Shell shell = new Shell(board);
        thread = new Thread(() -> {
            for (String cmd : commands) {
                Shell.Result r = shell.run(cmd);
                if (r.status() != 0) {
                    failure.compareAndSet(null, cmd + " -> " + r.status() + ": " + r.err());
                }
            }
        }, "simulated sequence");
    }

    /** Feeds {@code session} from {@code board}'s log and starts the commands. */
    static SimulatedSequence start(Board board, LiveSession session, List<String> commands) throws Exception {
        KlogParser parser = new KlogParser(session);
        Consumer<KernelLog.Entry> toParser = e -> {
            byte[] line = (e.dmesgLine() + "\n").getBytes(StandardCharsets.UTF_8);
            parser.feed(line, 0, line.length);
        };
        board.driver().call(() -> {
            board.kernel().log().addListener(toParser);
            return null;
        });
        int machine = "x86_64".equals(board.profile().machine()) ? ElfMachine.EM_X86_64 : ElfMachine.EM_AARCH64;
        board.putFile("/tmp/latency-mon.ko", ModuleImage.build(machine, List.of("license=GPL",
                "parmtype=period_ms:uint", "parmtype=threshold_ms:uint", "parmtype=cpu:int", "parmtype=classic:bool",
                "parmtype=report_all:bool", "name=latency_mon", "vermagic=" + board.profile().vermagic())));
        SimulatedSequence sequence = new SimulatedSequence(board, commands);
        sequence.thread.start();
        return sequence;
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    /** The first command that failed, with its status and error output, or null. */
    String failure() {
        return failure.get();
    }

    void join() throws InterruptedException {
        thread.join(10_000);
    }
}
