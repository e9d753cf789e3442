package org.wqlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.predict.CannotCalibrateException;
import org.wqlab.predict.Calibrator;
import org.wqlab.predict.Prediction;
import org.wqlab.predict.PredictionJson;
import org.wqlab.predict.PredictionText;
import org.wqlab.predict.Predictor;
import org.wqlab.predict.RecordedRun;
import org.wqlab.predict.Twin;
import org.wqlab.predict.TwinFile;
import org.wqlab.predict.WhatIf;

/**
 * {@code wqlab predict (--from EXPERIMENT... | --twin FILE) [what-if options] [--save-twin FILE] [--json]}: fits the
 * simulator's kernel model to recorded runs of one board (or reads a twin saved before) and answers a what-if with
 * the model. The answer is labelled a prediction and never written as an experiment.
 */
public final class PredictVerb {

    static final String USAGE_LINE = """
              predict (--from EXPERIMENT... | --twin FILE) [--var size.mib=N]
                      [--param workqueue.cpu_intensive_thresh_us=N] [--irq-cpu N] [--kernel 6.12] [--umount]
                      [--save-twin FILE] [--workspace DIR] [--json]
                                                             a simulated twin fitted to recorded runs of one
                                                             board, and the worst delay after the pull it
                                                             predicts for a what-if, with a range from the
                                                             fit's residuals (a prediction, never an
                                                             experiment); --save-twin: the twin as a profile
                                                             for wqlab sim --profile FILE
            """;
    private static final String THRESH = "workqueue.cpu_intensive_thresh_us";

    private final PrintStream out;
    private final PrintStream err;

    public PredictVerb(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    private static final class Options {
        final List<String> from = new ArrayList<>();
        String twin;
        String saveTwin;
        String workspace;
        Long cachedBytes;
        Long threshUs;
        Integer irqCpu;
        String kernel;
        boolean umount;
        boolean json;
        boolean help;
    }

    public int run(List<String> args) {
        Options o = new Options();
        try {
            parse(args, o);
        } catch (Cli.UsageException e) {
            err.println("wqlab predict: " + e.getMessage());
            err.println("run 'wqlab help' for usage");
            return Cli.BAD_INPUT;
        }
        if (o.help) {
            out.print("usage: wqlab " + USAGE_LINE.stripLeading());
            return Cli.OK;
        }
        try {
            Twin twin = o.twin != null ? TwinFile.read(Path.of(o.twin)) : calibrate(o);
            if (o.saveTwin != null) {
                TwinFile.write(twin, Path.of(o.saveTwin));
            }
            Prediction p = Predictor.predict(twin, new WhatIf(o.cachedBytes, o.threshUs, o.irqCpu, o.kernel,
                    o.umount));
            out.print(o.json ? PredictionJson.of(p) : PredictionText.of(p));
            if (o.saveTwin != null && !o.json) {
                out.println("twin saved as a simulator profile: " + o.saveTwin + " (wqlab sim --profile "
                        + o.saveTwin + ")");
            }
            return Cli.OK;
        } catch (CannotCalibrateException e) {
            err.println("wqlab predict: cannot calibrate: " + e.getMessage());
            return Cli.BAD_INPUT;
        } catch (InputException | IllegalArgumentException e) {
            err.println("wqlab predict: " + e.getMessage());
            return Cli.BAD_INPUT;
        } catch (IOException | RuntimeException e) {
            err.println("wqlab predict: " + e.getMessage());
            return Cli.FAILURE;
        }
    }

    private static Twin calibrate(Options o) throws InputException, CannotCalibrateException {
        List<RecordedRun> runs = new ArrayList<>();
        var workspace = Cli.workspaceFrom(o.workspace);
        for (String target : o.from) {
            ExperimentFolder folder = workspace.find(target).orElseThrow(
                    () -> new InputException(Path.of(target), 0, "no such experiment folder or experiment id"));
            runs.add(RecordedRun.read(folder));
        }
        return new Calibrator().fit(runs);
    }

    private static void parse(List<String> args, Options o) throws Cli.UsageException {
        boolean inFrom = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("--") && !a.equals("-h")) {
                if (!inFrom) {
                    throw new Cli.UsageException("unexpected argument '" + a + "' (experiments follow --from)");
                }
                o.from.add(a);
                continue;
            }
            inFrom = false;
            switch (a) {
                case "--help", "-h" -> {
                    o.help = true;
                    return;
                }
                case "--from" -> inFrom = true;
                case "--umount" -> o.umount = true;
                case "--json" -> o.json = true;
                case "--twin" -> o.twin = value(args, ++i, a);
                case "--save-twin" -> o.saveTwin = value(args, ++i, a);
                case "--workspace" -> o.workspace = value(args, ++i, a);
                case "--kernel" -> o.kernel = value(args, ++i, a);
                case "--irq-cpu" -> o.irqCpu = (int) number(value(args, ++i, a), a);
                case "--var" -> {
                    String v = value(args, ++i, a);
                    if (!v.startsWith("size.mib=")) {
                        throw new Cli.UsageException("--var: only size.mib=N changes the model, got '" + v + "'");
                    }
                    o.cachedBytes = number(v.substring("size.mib=".length()), "--var size.mib") << 20;
                }
                case "--param" -> {
                    String v = value(args, ++i, a);
                    if (!v.startsWith(THRESH + "=")) {
                        throw new Cli.UsageException("--param: only " + THRESH + "=N changes the model, got '" + v
                                + "'");
                    }
                    o.threshUs = number(v.substring(THRESH.length() + 1), "--param " + THRESH);
                }
                default -> throw new Cli.UsageException("unknown option " + a);
            }
        }
        if (o.from.isEmpty() && o.twin == null) {
            throw new Cli.UsageException("--from EXPERIMENT... or --twin FILE is required");
        }
        if (!o.from.isEmpty() && o.twin != null) {
            throw new Cli.UsageException("--from and --twin exclude each other");
        }
    }

    private static String value(List<String> args, int i, String option) throws Cli.UsageException {
        if (i >= args.size()) {
            throw new Cli.UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static long number(String v, String option) throws Cli.UsageException {
        try {
            long n = Long.parseLong(v.strip());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new Cli.UsageException(option + ": expected a whole number >= 0, got '" + v + "'");
        }
    }
}
