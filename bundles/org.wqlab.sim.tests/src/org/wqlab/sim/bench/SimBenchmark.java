package org.wqlab.sim.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

import org.wqlab.sim.EventLoop;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.kernel.Kernel;
import org.wqlab.sim.kernel.LatencyMonitor;

/**
 * Not a unit test: prints simulated seconds per wall second for one hour of the report's scenario (a 4 GB copy, a
 * physical pull at 30 min) on rcar-h3-default. Goal: >= 3600. The first (cold) round is printed on its own, then
 * warm-up rounds, then the median of the measured rounds, next to a baseline measured in the same run: an empty
 * event loop running the same number of no-op timer events over the same simulated hour.
 * Run: releng/bench/sim/run.sh [rounds] (or java -cp ... org.wqlab.sim.bench.SimBenchmark [rounds] [warmup]).
 */
public final class SimBenchmark {

    private static final long SEC = 1_000_000_000L;
    private static final double GOAL = 3600;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** {@code cpuSec}: this thread's CPU time, to tell a slow simulator from a machine shared with other jobs. */
    private record Round(double simulatedSec, double wallSec, double cpuSec, long events) {
        double speed() {
            return simulatedSec / wallSec;
        }

        double cpuSpeed() {
            return simulatedSec / cpuSec;
        }
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        System.out.printf("java %s, %d CPUs available%n", Runtime.version(), Runtime.getRuntime().availableProcessors());
        for (boolean everyCpu : new boolean[] {false, true}) {
            String what = everyCpu ? "improved module on all 8 CPUs, report_all=1" : "original module on CPU 0";
            Round cold = measure(everyCpu);
            System.out.printf("%s, cold first round: %.0f simulated s in %.3f wall s = %.0f simulated s per wall s"
                    + " (thread CPU %.3f s = %.0f per CPU s; %d events)%n", what, cold.simulatedSec(), cold.wallSec(),
                    cold.speed(), cold.cpuSec(), cold.cpuSpeed(), cold.events());
            for (int i = 0; i < warmup; i++) {
                measure(everyCpu);
                baseline(cold.events(), cold.simulatedSec());
            }
            double[] sim = new double[rounds];
            double[] simCpu = new double[rounds];
            double[] base = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                Round r = measure(everyCpu);
                sim[i] = r.speed();
                simCpu[i] = r.cpuSpeed();
                base[i] = baseline(cold.events(), cold.simulatedSec()).speed();
            }
            double simMedian = median(sim);
            double baseMedian = median(base);
            System.out.printf("%s, warm median of %d: %.0f simulated s per wall s (goal >= %.0f: %s); baseline"
                    + " (empty event loop, same %d events): %.0f simulated s per wall s; simulator/baseline = %.3f;"
                    + " per thread-CPU second: %.0f%n", what, rounds, simMedian, GOAL, simMedian >= GOAL ? "met"
                    : "NOT met", cold.events(), baseMedian, simMedian / baseMedian, median(simCpu));
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static Round measure(boolean everyCpu) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        Kernel k = runHour(everyCpu);
        double wallSec = (System.nanoTime() - wall) / 1e9;
        double cpuSec = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e9;
        return new Round((k.nowNs() - Kernel.BOOTED_NS) / 1e9, wallSec, cpuSec, k.loop().executedEvents());
    }

    static Kernel runHour(boolean everyCpu) {
        Kernel k = new Kernel(Profiles.builtIn("rcar-h3-default"));
        k.groundTruth().retainInMemory(false); // as behind the SSH server: ground truth goes to a file, if anywhere
        k.loadLatencyMonitor(everyCpu ? new LatencyMonitor.Params(false, 100, 9, -1, false, true)
                : LatencyMonitor.Params.originalModule(), 0);
        k.runFor(60 * SEC);
        k.usb().read(k.profile().sampleFileBytes(), r -> { });
        k.runUntil(Kernel.BOOTED_NS + 1800 * SEC);
        k.usb().disconnectAtHub();
        k.runUntil(Kernel.BOOTED_NS + 3600 * SEC);
        return k;
    }

    /** The same number of timer events over the same simulated span, each doing nothing but re-arming itself. */
    private static Round baseline(long events, double simulatedSec) {
        long wall = System.nanoTime();
        EventLoop loop = new EventLoop();
        long spacing = Math.max(1, (long) (simulatedSec * SEC / events));
        Runnable[] tick = new Runnable[1];
        long[] left = {events};
        tick[0] = () -> {
            if (--left[0] > 0) {
                loop.after(spacing, tick[0]);
            }
        };
        loop.after(spacing, tick[0]);
        loop.runUntil((long) (simulatedSec * SEC));
        double wallSec = (System.nanoTime() - wall) / 1e9;
        return new Round(loop.now() / 1e9, wallSec, wallSec, loop.executedEvents());
    }
}
