package org.wqlab.sim.kernel;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.sim.EventLoop;

/**
 * The modelled latency-mon module. The original (no parameters) arms a delayed work on the CPU it was loaded on,
 * measures the gap between runs and prints {@code DELAY: <ms>} with its unsigned arithmetic. wqlab's improved module
 * adds period_ms, threshold_ms, cpu (-1 = every online CPU), classic and report_all, and prints the lines of the
 * line contract (docs/architecture.md).
 */
public final class LatencyMonitor {

    /** Module parameters; {@code original} is the report's module, which has none and computes in u64. */
    public record Params(boolean original, long periodMs, long thresholdMs, int cpu, boolean classic,
            boolean reportAll) {

        public static Params originalModule() {
            return new Params(true, 100, 9, -1, true, false);
        }

        /** The improved module's defaults (kmod/latency-mon.c): CPU 0, like the original's {@code taskset -c 0}. */
        public static Params improvedDefaults() {
            return new Params(false, 100, 9, 0, true, false);
        }
    }

    /** {@code u64 ms = us_diff / 1000 - PERIOD_MS} printed with {@code %lld}: an early run shows as a negative. */
    public static long originalDelayMs(long usDiff, long periodMs) {
        long msUnsigned = Long.divideUnsigned(usDiff, 1000) - periodMs;
        return msUnsigned;
    }

    /** The original's test {@code ms > THRESHOLD_MS} on the u64 value: an underflow is huge, so it prints. */
    public static boolean originalPrints(long msUnsigned, long thresholdMs) {
        return Long.compareUnsigned(msUnsigned, thresholdMs) > 0;
    }

    private final Kernel kernel;
    private final Params params;
    private final List<PerCpu> monitors = new ArrayList<>();
    private boolean stopped;

    LatencyMonitor(Kernel kernel, Params params, int loaderCpu) {
        this.kernel = kernel;
        this.params = params;
        if (params.original() || params.cpu() >= 0) {
            int cpu = params.original() ? loaderCpu : params.cpu();
            monitors.add(new PerCpu(cpu));
        } else {
            for (int c = 0; c < kernel.profile().cpus(); c++) {
                monitors.add(new PerCpu(c));
            }
        }
    }

    public Params params() {
        return params;
    }

    void start() {
        if (!params.original()) {
            String cpu = params.cpu() >= 0 ? Integer.toString(params.cpu()) : "all";
            kernel.log().print(KernelLog.INFO, "latency_mon: start cpu=" + cpu + " period_ms=" + params.periodMs()
                    + " threshold_ms=" + params.thresholdMs() + " report_all=" + (params.reportAll() ? 1 : 0));
        }
        for (PerCpu m : monitors) {
            m.last = kernel.loop().now();
            m.arm();
        }
    }

    void stop() {
        stopped = true;
        for (PerCpu m : monitors) {
            if (m.timer != null) {
                m.timer.cancel();
            }
        }
        if (!params.original()) {
            kernel.log().print(KernelLog.INFO, "latency_mon: stop");
        }
    }

    private final class PerCpu implements SimulatedWorkFunction {
        final int cpu;
        long last;
        long seq;
        EventLoop.Event timer;

        PerCpu(int cpu) {
            this.cpu = cpu;
        }

        void arm() {
            if (stopped) {
                return;
            }
            Timers timers = kernel.timers();
            timer = timers.add(timers.msecsToJiffies(params.periodMs()), cpu, () -> {
                timer = null;
                if (!stopped) {
                    kernel.workqueues().queue(Kernel.SYSTEM_WQ, cpu, this);
                }
            });
        }

        @Override
        public String name() {
            return "latency_mon_work";
        }

        @Override
        public WorkStep next(int step) {
            if (step == 0) {
                measure();
                return new WorkStep.Compute(kernel.profile().monitorWorkCpuNs());
            }
            arm();
            return WorkStep.DONE;
        }

        private void measure() {
            long now = kernel.loop().now();
            long usDiff = (now - last) / 1000;
            last = now;
            String line = null;
            int level = KernelLog.CRIT;
            long delayUs = usDiff - params.periodMs() * 1000;
            if (params.original()) {
                long ms = originalDelayMs(usDiff, params.periodMs());
                if (originalPrints(ms, params.thresholdMs())) {
                    line = "DELAY: " + ms;
                }
            } else if (params.classic()) {
                long ms = usDiff / 1000 - params.periodMs();
                if (ms > params.thresholdMs()) {
                    line = "DELAY: " + ms;
                }
            } else {
                boolean late = delayUs > params.thresholdMs() * 1000;
                if (late || params.reportAll()) {
                    line = "latency_mon: cpu=" + cpu + " seq=" + (++seq) + " delay_us=" + delayUs;
                    level = late ? KernelLog.CRIT : KernelLog.INFO;
                }
            }
            if (line != null) {
                kernel.log().print(level, line);
            }
            kernel.groundTruth().monitor(new MonitorReport(cpu, now, delayUs, line));
        }
    }
}
