package org.wqlab.predict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

import org.wqlab.sim.Profiles;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.kernel.WorkqueueSystem;

import com.google.gson.JsonObject;

/**
 * Fits the simulator's kernel model to recorded runs of one board. The board facts fix what they say (kernel, CPUs,
 * HZ, BogoMIPS, the threshold read from the board, the USB interrupt's CPU); the measured worst delays after the pull
 * fix the invalidation cost per cached page and the fixed teardown. Runs the threshold in force ends early (capped)
 * say nothing about those two and only check the threshold.
 *
 * <p>The fit is Gauss-Newton on the model itself: an uncapped stall's worst delay grows one to one with the CPU time
 * of {@code hub_event} ({@code teardown + pages x cost}), so each round regresses the runs' residuals on their page
 * counts and corrects cost and teardown by the slope and the intercept.
 */
public final class Calibrator {

    private static final int ROUNDS = 6;
    private static final double CONVERGED = 0.002;
    /** Below this spread of cached sizes the cost per page and the teardown cannot be told apart. */
    private static final double MIN_SIZE_SPREAD = 0.10;

    private final SimulatedBoardProfile base;

    public Calibrator() {
        this(Profiles.builtIn(Profiles.DEFAULT));
    }

    public Calibrator(SimulatedBoardProfile base) {
        this.base = Objects.requireNonNull(base);
    }

    public Twin fit(List<RecordedRun> runs) throws CannotCalibrateException {
        if (runs.size() < 2) {
            throw new CannotCalibrateException("a calibration needs two or more recorded runs of one board, got "
                    + runs.size());
        }
        RecordedRun first = runs.get(0);
        for (RecordedRun r : runs) {
            sameBoard(first, r, "kernel release", RecordedRun::kernelRelease);
            sameBoard(first, r, "machine", RecordedRun::machine);
            sameBoard(first, r, "CPUs", RecordedRun::cpus);
            sameBoard(first, r, "HZ", RecordedRun::hz);
            sameBogomips(first, r);
        }
        List<FittedParameter> params = new ArrayList<>();
        SimulatedBoardProfile board = boardFromFacts(runs, params);
        boolean auto = first.autoCpuIntensive();
        List<RecordedRun> uncapped = new ArrayList<>();
        for (RecordedRun r : runs) {
            Long t = threshInForce(r, board);
            if (auto && t == null) {
                throw new CannotCalibrateException(r.dir() + ": the run is on Linux " + r.kernelRelease()
                        + " (CPU_INTENSIVE marking) but its board facts hold neither cpu_intensive_thresh_us nor "
                        + "BogoMIPS: the threshold in force cannot be told from the invalidation cost");
            }
            if (!capped(r, t, board)) {
                uncapped.add(r);
            }
        }
        requireSpread(runs, uncapped);
        double[] fit = fitCostAndTeardown(board, uncapped);
        SimulatedBoardProfile fitted = withCosts(board, fit[0], fit[1]);
        params.add(0, new FittedParameter("invalidateNsPerPage", "invalidation cost per cached page",
                String.format(Locale.ROOT, "%.0f ns", fit[0]), FittedParameter.FITTED));
        params.add(1, new FittedParameter("teardownCpuNs", "fixed teardown (CPU time of hub_event besides the cache)",
                String.format(Locale.ROOT, "%.1f ms", fit[1] / 1e6), FittedParameter.FITTED));
        List<Residual> residuals = new ArrayList<>();
        for (RecordedRun r : runs) {
            Long t = threshInForce(r, board);
            ModelOutcome m = ModelRun.run(forRun(fitted, r), r.cachedBytes(), r.monitor(), false);
            residuals.add(new Residual(r.id(), r.name(), r.cachedMib(), t, !uncapped.contains(r), r.measuredWorstUs(),
                    m.meanWorstUs()));
        }
        params.add(threshold(first, fitted, residuals));
        params.add(new FittedParameter("ioCompletionNsPerPage", "what else shares the pool (block-completion work on "
                + "the interrupt's CPU during the copy, ns per page of a " + (fitted.ioCompletionBatchBytes() >> 20)
                + " MiB batch)", Long.toString(fitted.ioCompletionNsPerPage()), FittedParameter.BASE));
        long typical = uncapped.get(uncapped.size() - 1).cachedBytes();
        return new Twin(fitted, first.monitor(), typical, params, residuals);
    }

    private static FittedParameter threshold(RecordedRun first, SimulatedBoardProfile twin, List<Residual> runs) {
        String name = "CPU_INTENSIVE threshold in force (workqueue.cpu_intensive_thresh_us)";
        if (!first.autoCpuIntensive()) {
            return new FittedParameter("cpuIntensiveThreshUs", name, "none: Linux " + first.kernelRelease()
                    + " predates 6.5", FittedParameter.FACTS);
        }
        long def = WorkqueueSystem.defaultThreshUs(null, twin.bogomips(), twin.hz());
        String perRun = String.join(", ", runs.stream().map(r -> r.experiment() + ": " + r.threshUs() + " us"
                + (r.capped() ? " (ends the stall)" : "")).toList());
        return new FittedParameter("cpuIntensiveThreshUs", name, "default " + def + " us (10 ms x 4000 / BogoMIPS "
                + twin.bogomips() + ", at most 1 s); per run: " + perRun,
                first.bogomips() > 0 || first.threshUs() != null ? FittedParameter.FACTS : FittedParameter.BASE);
    }

    /**
     * The twin of {@code target}'s board: {@code target} and every candidate recorded on the same board (its name,
     * kernel, machine, CPUs, HZ and BogoMIPS); candidates that cannot be read as runs are left out.
     */
    public Twin fitBoardOf(RecordedRun target, List<org.wqlab.core.store.ExperimentFolder> candidates)
            throws CannotCalibrateException {
        List<RecordedRun> runs = new ArrayList<>(List.of(target));
        for (var folder : candidates) {
            if (folder.dir().toAbsolutePath().normalize().equals(target.dir().toAbsolutePath().normalize())) {
                continue;
            }
            try {
                RecordedRun r = RecordedRun.read(folder);
                if (r.board().equals(target.board()) && r.kernelRelease().equals(target.kernelRelease())
                        && r.machine().equals(target.machine()) && r.cpus() == target.cpus() && r.hz() == target.hz()
                        && sameBogomips(r.bogomips(), target.bogomips())) {
                    runs.add(r);
                }
            } catch (org.wqlab.core.model.InputException notARun) {
                // an import, a damaged or an interrupted experiment: not a run to fit on
            }
        }
        return fit(runs);
    }

    /** BogoMIPS is measured at each boot (a timer-calibrated loop on x86): the same board differs in the last digits. */
    static boolean sameBogomips(double a, double b) {
        return Math.abs(a - b) <= BOGOMIPS_TOLERANCE * Math.max(a, b);
    }

    private static final double BOGOMIPS_TOLERANCE = 0.01;

    private static void sameBogomips(RecordedRun a, RecordedRun b) throws CannotCalibrateException {
        if (!sameBogomips(a.bogomips(), b.bogomips())) {
            throw new CannotCalibrateException("the runs are not of one board: BogoMIPS " + a.bogomips() + " in "
                    + a.dir() + ", " + b.bogomips() + " in " + b.dir() + " (more than 1 % apart)");
        }
    }

    private static void sameBoard(RecordedRun a, RecordedRun b, String what, Function<RecordedRun, Object> fact)
            throws CannotCalibrateException {
        if (!Objects.equals(fact.apply(a), fact.apply(b))) {
            throw new CannotCalibrateException("the runs are not of one board: " + what + " " + fact.apply(a) + " in "
                    + a.dir() + ", " + fact.apply(b) + " in " + b.dir());
        }
    }

    /** The threshold a run ran with: as read from the board, else the kernel's default from BogoMIPS and HZ. */
    static Long threshInForce(RecordedRun r, SimulatedBoardProfile board) {
        if (!r.autoCpuIntensive()) {
            return null;
        }
        if (r.threshUs() != null) {
            return r.threshUs();
        }
        return r.bogomips() > 0 ? WorkqueueSystem.defaultThreshUs(null, r.bogomips(), board.hz()) : null;
    }

    /** Whether the threshold ends the stall: the worst delay reaches it (give or take a tick). */
    private static boolean capped(RecordedRun r, Long threshUs, SimulatedBoardProfile board) {
        return threshUs != null && threshUs <= r.measuredWorstUs() * 1.05 + board.tickNs() / 1000.0;
    }

    private static void requireSpread(List<RecordedRun> runs, List<RecordedRun> uncapped)
            throws CannotCalibrateException {
        String sizes = String.join(", ", runs.stream().map(r -> String.format(Locale.ROOT, "%s: %.0f MiB%s", r.id(),
                r.cachedMib(), uncapped.contains(r) ? "" : " (ended by the CPU_INTENSIVE threshold)")).toList());
        if (uncapped.size() < 2) {
            throw new CannotCalibrateException("the runs cannot determine the invalidation cost per cached page: "
                    + "fewer than two runs show the whole stall (" + sizes + "); record runs at two cached sizes "
                    + "that the threshold does not cut short");
        }
        double min = uncapped.stream().mapToDouble(RecordedRun::cachedMib).min().orElse(0);
        double max = uncapped.stream().mapToDouble(RecordedRun::cachedMib).max().orElse(0);
        if (max <= 0 || (max - min) / max < MIN_SIZE_SPREAD) {
            throw new CannotCalibrateException("the runs cannot tell the invalidation cost per cached page from the "
                    + "fixed teardown: every run that shows the whole stall had about the same page cache before the "
                    + "pull (" + sizes + "); record one more at another size (--var size.mib=N)");
        }
    }

    private double[] fitCostAndTeardown(SimulatedBoardProfile board, List<RecordedRun> runs)
            throws CannotCalibrateException {
        double[] p = pages(board, runs);
        double[] w = runs.stream().mapToDouble(r -> r.measuredWorstUs() * 1000.0).toArray();
        double[] line = leastSquares(p, w);
        double cost = line[0];
        double teardown = Math.max(0, line[1]);
        if (cost <= 0) {
            throw new CannotCalibrateException("the worst delay after the pull does not grow with the page cache in "
                    + "these runs (" + String.join(", ", runs.stream().map(r -> String.format(Locale.ROOT,
                            "%.0f MiB: %d us", r.cachedMib(), r.measuredWorstUs())).toList())
                    + "): the stall is not the cache invalidation the model has");
        }
        for (int round = 0; round < ROUNDS; round++) {
            SimulatedBoardProfile prof = withCosts(board, cost, teardown);
            double[] residual = new double[runs.size()];
            double worst = 0;
            for (int i = 0; i < runs.size(); i++) {
                RecordedRun r = runs.get(i);
                double model = ModelRun.run(forRun(prof, r), r.cachedBytes(), r.monitor(), false).meanWorstUs();
                residual[i] = (r.measuredWorstUs() - model) * 1000.0;
                worst = Math.max(worst, Math.abs(residual[i]) / w[i]);
            }
            if (worst < CONVERGED) {
                break;
            }
            double[] step = leastSquares(p, residual);
            cost = Math.max(1, cost + step[0]);
            teardown = Math.max(0, teardown + step[1]);
        }
        return new double[] {cost, teardown};
    }

    private static double[] pages(SimulatedBoardProfile board, List<RecordedRun> runs) {
        return runs.stream().mapToDouble(r -> Math.min(r.cachedBytes() / board.pageSize(), board.cacheLimitPages()))
                .toArray();
    }

    /** Slope and intercept of the least-squares line through (x, y). */
    static double[] leastSquares(double[] x, double[] y) {
        double mx = 0;
        double my = 0;
        for (int i = 0; i < x.length; i++) {
            mx += x[i] / x.length;
            my += y[i] / x.length;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        double slope = sxx == 0 ? 0 : sxy / sxx;
        return new double[] {slope, my - slope * mx};
    }

    static SimulatedBoardProfile withCosts(SimulatedBoardProfile p, double costNs, double teardownNs) {
        return ProfileJson.edit(p, o -> {
            o.addProperty("invalidateNsPerPage", Math.round(costNs));
            o.addProperty("teardownCpuNs", Math.round(teardownNs));
        });
    }

    /** The twin as it was in one run: that run's threshold as read from the board (a command-line setting). */
    static SimulatedBoardProfile forRun(SimulatedBoardProfile twin, RecordedRun r) {
        Long t = r.autoCpuIntensive() ? r.threshUs() : null;
        return t == null ? twin : ProfileJson.edit(twin, o -> o.addProperty("cpuIntensiveThreshUs", t));
    }

    /** The base profile with what the runs' board facts say; each parameter's source noted in {@code params}. */
    private SimulatedBoardProfile boardFromFacts(List<RecordedRun> runs, List<FittedParameter> params) {
        RecordedRun f = runs.get(0);
        long maxCached = runs.stream().mapToLong(RecordedRun::cachedBytes).max().orElse(0);
        int irqCpu = irqCpu(runs, params);
        return ProfileJson.edit(base, o -> {
            String board = f.board().isBlank() ? f.machine() : f.board();
            o.addProperty("name", "twin-" + board.replaceAll("[^A-Za-z0-9._-]+", "-"));
            o.addProperty("description", "Simulated twin of " + board + ", calibrated by wqlab from " + runs.size()
                    + " recorded runs: a model fitted to measurements, not the board.");
            o.addProperty("kernelRelease", f.kernelRelease());
            o.addProperty("vermagic", f.kernelRelease() + " SMP preempt mod_unload "
                    + (f.machine().isBlank() ? base.machine() : f.machine()));
            params.add(new FittedParameter("kernelRelease", "kernel release", f.kernelRelease(),
                    FittedParameter.FACTS));
            fact(o, params, "machine", "machine", f.machine().isBlank() ? null : f.machine(), base.machine());
            fact(o, params, "cpus", "CPUs", f.cpus() > 0 ? f.cpus() : null, base.cpus());
            fact(o, params, "hz", "HZ (timer tick)", f.hz() > 0 ? f.hz() : null, base.hz());
            fact(o, params, "bogomips", "BogoMIPS", f.bogomips() > 0 ? f.bogomips() : null, base.bogomips());
            o.addProperty("usbIrqCpu", irqCpu);
            o.addProperty("cpuIntensiveReport", f.autoCpuIntensive());
            o.add("cpuIntensiveThreshUs", com.google.gson.JsonNull.INSTANCE);
            long reserve = base.cacheReserveBytes();
            o.addProperty("ramBytes", Math.max(base.ramBytes(), maxCached + reserve + (64L << 20)));
            long sample = Math.max(base.sampleFileBytes(), 2 * maxCached);
            o.addProperty("sampleFileBytes", sample);
            o.addProperty("stickBytes", Math.max(base.stickBytes(), sample));
        });
        // the threshold parameter is a per-run fact, noted with the residuals; the twin runs the kernel's default
    }

    private static void fact(JsonObject o, List<FittedParameter> params, String key, String name, Object value,
            Object baseValue) {
        if (value != null) {
            o.add(key, new com.google.gson.Gson().toJsonTree(value));
        }
        params.add(new FittedParameter(key, name, String.valueOf(value != null ? value : baseValue),
                value != null ? FittedParameter.FACTS : FittedParameter.BASE));
    }

    /** The USB interrupt's CPU: the facts, else the CPU the stall was attributed to, else the monitor's. */
    private static int irqCpu(List<RecordedRun> runs, List<FittedParameter> params) {
        String name = "CPU serving the USB interrupt";
        for (RecordedRun r : runs) {
            if (r.usbIrqCpu() >= 0) {
                params.add(new FittedParameter("usbIrqCpu", name, Integer.toString(r.usbIrqCpu()),
                        FittedParameter.FACTS));
                return r.usbIrqCpu();
            }
        }
        for (RecordedRun r : runs) {
            if (r.stallCpu() >= 0) {
                params.add(new FittedParameter("usbIrqCpu", name, Integer.toString(r.stallCpu()),
                        FittedParameter.FITTED + ": the CPU the stall was attributed to"));
                return r.stallCpu();
            }
        }
        int cpu = Math.max(0, runs.get(0).monitor().cpu());
        params.add(new FittedParameter("usbIrqCpu", name, Integer.toString(cpu), FittedParameter.BASE));
        return cpu;
    }
}
