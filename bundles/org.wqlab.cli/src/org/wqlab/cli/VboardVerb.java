package org.wqlab.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.wqlab.vboard.QemuUsbDriver;
import org.wqlab.vboard.RunningBoard;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VboardException;
import org.wqlab.vboard.VirtualBoard;

/**
 * {@code wqlab vboard build|start|stop|status [--arch x86_64|arm64]}: the QEMU virtual board (releng/virtual-board).
 * {@code build [--stick-mib N]} runs build.sh; {@code start [--irq-cpu N] [--memory-mib N]} boots it and returns
 * once SSH answers (the VM keeps running); {@code stop} ends it; {@code status} says whether one runs and where.
 * {@code wqlab run --board vboard} connects through the board registry's virtual board kind.
 */
final class VboardVerb {

    static final String USAGE = """
            usage: wqlab vboard build [--arch x86_64|arm64] [--stick-mib N]
                   wqlab vboard start [--arch x86_64|arm64] [--irq-cpu N] [--memory-mib N]
                   wqlab vboard stop | status
            """;

    private final PrintStream out;
    private final PrintStream err;

    VboardVerb(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int run(List<String> args) throws Cli.UsageException {
        if (args.isEmpty()) {
            throw new Cli.UsageException("no action given (build, start, stop or status)\n" + USAGE.strip());
        }
        String action = args.get(0);
        VboardArch arch = VboardArch.X86_64;
        int stickMib = 1024;
        int irqCpu = 0;
        int memoryMib = VirtualBoard.StartOptions.DEFAULT.memoryMib();
        List<String> options = List.of("--arch", "--stick-mib", "--irq-cpu", "--memory-mib");
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (!options.contains(a)) {
                throw new Cli.UsageException(a.startsWith("-") ? "unknown option '" + a + "'"
                        : "unexpected argument '" + a + "'");
            }
            if (i + 1 >= args.size()) {
                throw new Cli.UsageException(a + " needs a value");
            }
            String v = args.get(++i);
            try {
                switch (a) {
                    case "--arch" -> arch = VboardArch.parse(v);
                    case "--stick-mib" -> stickMib = positive(v);
                    case "--irq-cpu" -> irqCpu = Integer.parseInt(v);
                    default -> memoryMib = positive(v);
                }
            } catch (IllegalArgumentException e) {
                throw new Cli.UsageException(a + ": " + e.getMessage());
            }
        }
        VirtualBoard board = VirtualBoard.atDefaultLocation();
        try {
            return switch (action) {
                case "build" -> {
                    int exit = board.build(VirtualBoard.findRepoRoot(), arch, stickMib, out::println);
                    if (exit != 0) {
                        err.println("wqlab vboard build: " + VirtualBoard.BUILD_SCRIPT + " exited with " + exit);
                    }
                    yield exit == 0 ? Cli.OK : Cli.FAILURE;
                }
                case "start" -> {
                    RunningBoard b = board.start(arch, new VirtualBoard.StartOptions(2, memoryMib, irqCpu,
                            VirtualBoard.StartOptions.DEFAULT.bootTimeout()), out::println);
                    printStatus(b);
                    yield Cli.OK;
                }
                case "stop" -> {
                    if (!board.stop(out::println)) {
                        out.println("no virtual board is running");
                    }
                    yield Cli.OK;
                }
                case "status" -> {
                    Optional<RunningBoard> b = board.running();
                    if (b.isPresent()) {
                        printStatus(b.get());
                        yield Cli.OK;
                    }
                    out.println("stopped (cache " + board.home() + ")");
                    yield Cli.OK;
                }
                default -> throw new Cli.UsageException("unknown action '" + action + "' (build, start, stop or"
                        + " status)");
            };
        } catch (VboardException e) {
            err.println("wqlab vboard " + action + ": " + e.getMessage());
            return Cli.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("wqlab vboard " + action + ": interrupted");
            return Cli.FAILURE;
        }
    }

    private void printStatus(RunningBoard b) {
        out.println("running: " + b.arch().id() + " virtual board, Debian " + b.kernelRelease() + ", QEMU pid "
                + b.pid() + ", up " + Duration.between(b.started(), Instant.now()).toSeconds() + " s");
        out.println("  ssh -i " + b.key() + " -p " + b.sshPort() + " " + RunningBoard.USER + "@" + RunningBoard.HOST
                + "   (host key " + b.hostKeyFingerprint() + ")");
        out.println("  USB stick " + b.stick() + " as " + VirtualBoard.GUEST_USB_DEVICE + ", mounted at"
                + " /run/media/sda1; xHCI interrupt on CPU " + b.irqCpu() + "; disconnect driver "
                + QemuUsbDriver.ID);
        out.println("  QMP " + b.qmpSocket() + ", serial log " + b.serialLog());
    }

    private static int positive(String v) {
        try {
            int n = Integer.parseInt(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("'" + v + "' is not a positive whole number");
    }
}
