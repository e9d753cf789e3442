package org.wqlab.ui.sequence;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchWindow;
import org.wqlab.sequence.edit.Problem;
import org.wqlab.sequence.edit.SequenceModel;
import org.wqlab.sequence.edit.StepPath;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardRuns;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.Boards;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.klog.KlogParser;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.StepType;
import org.wqlab.sequence.Variables;
import org.wqlab.sequence.run.BoardAccess;
import org.wqlab.sequence.run.RunMonitor;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.sequence.run.SequenceRunner;
import org.wqlab.sequence.run.StepRecord;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.OutputSink;
import org.wqlab.ui.ErrorReports;

/**
 * Runs the editor's sequence with {@link SequenceRunner} on a board of the registry, as a Job: progress per step,
 * cancel = the runner's cleanup. Step outcomes go to the editor, messages and the raw kernel log to the Console,
 * and the kernel log through the incremental parser into a new published {@link LiveSession} (the live plot).
 */
public final class SequenceRunJob extends Job {

    public static final Object FAMILY = SequenceRunJob.class;
    private static final String PLUGIN = "org.wqlab.ui.sequence";

    private final SequenceEditor editor;
    private final Sequence sequence;
    private final String source;
    private final String boardName;
    private final BoardRegistry registry;
    private final Display display;
    private final LiveSessions liveSessions = WorkbenchServices.get(LiveSessions.class);
    private volatile RunResult result;
    private volatile LiveSession live;
    private volatile boolean started;

    private SequenceRunJob(SequenceEditor editor, Sequence sequence, String source, String boardName,
            BoardRegistry registry, Display display) {
        super("Run sequence '" + sequence.name() + "'");
        this.editor = editor;
        this.sequence = sequence;
        this.source = source;
        this.boardName = boardName;
        this.registry = registry;
        this.display = display;
        setUser(false);
    }

    /** Starts a run of the editor's text on the board selected in the Boards view. Call on the UI thread. */
    public static SequenceRunJob start(SequenceEditor editor, IWorkbenchWindow window) {
        return start(editor, window, null);
    }

    /**
     * Starts a run of the editor's text on {@code boardName}; null: the board selected in the Boards view, else the
     * built-in simulated board. A board runs one sequence at a time: on a board that runs one, it says so and starts
     * nothing (null). Call on the UI thread.
     */
    public static SequenceRunJob start(SequenceEditor editor, IWorkbenchWindow window, String boardName) {
        SequenceModel model = editor.model();
        if (!model.valid()) {
            List<String> lines = model.all().stream().map(Problem::message).toList();
            MessageDialog.openError(window.getShell(), "Run sequence",
                    "The sequence cannot run:\n" + String.join("\n", lines));
            return null;
        }
        BoardRegistry registry;
        try {
            registry = WorkbenchServices.get(Boards.class).registry();
        } catch (BoardStoreException e) {
            MessageDialog.openError(window.getShell(), "Run sequence", "The board list cannot be read: "
                    + e.getMessage());
            return null;
        }
        String board = boardName != null ? boardName
                : BoardChoice.selected(window).orElseGet(() -> BoardChoice.builtIn(registry));
        Optional<BoardRuns.Run> busy = registry.runs().claim(board, model.sequence().name());
        if (busy.isPresent()) {
            MessageDialog.openInformation(window.getShell(), "Board Busy", "'" + board + "' is running '"
                    + busy.get().sequence() + "'. A board runs one sequence at a time: cancel that run first"
                    + " (Run > Cancel Run), or run this one on another board (Run > Run Sequence On...).");
            return null;
        }
        SequenceRunJob job = new SequenceRunJob(editor, model.sequence(), editor.sourceName(), board, registry,
                window.getShell().getDisplay());
        editor.clearOutcomes();
        editor.runStarted(job);
        editor.setRunSummary("starting on " + board);
        job.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                if (!job.started) {
                    // cancelled while it waited to be scheduled: run() never ran, so it frees the editor here
                    boolean shown = job.shown();
                    editor.runEnded(job);
                    if (shown) {
                        editor.setRunSummary("cancelled before it started: nothing ran, nothing was recorded");
                    }
                }
                registry.runs().release(board);
                RunStateTester.runsChanged();
            }
        });
        job.schedule();
        RunStateTester.runsChanged();
        return job;
    }

    /** The end of the run (null while it runs or when it could not start). */
    public RunResult result() {
        return result;
    }

    public LiveSession liveSession() {
        return live;
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }

    @Override
    protected IStatus run(IProgressMonitor pm) {
        started = true;
        int total = count(sequence.steps(), new Variables(sequence.variables(), Map.of()));
        pm.beginTask(getName(), total > 0 ? total : IProgressMonitor.UNKNOWN);
        RunConsole console = new RunConsole(display, boardName, sequence.name() + " (" + source + ")");
        String summary;
        IStatus status;
        try {
            String name = boardName;
            BoardEntry entry = registry.entry(name)
                    .orElseThrow(() -> new IllegalArgumentException("no board named '" + name + "'"));
            String usb = registry.usbDriverOf(entry.name());
            double speed = registry.speedOf(name);
            String where = name + (speed == 1 ? "" : " at " + speed + "x board time");
            showSummary("running on " + where);
            console.message("board: " + where + "; USB driver for 'board': " + usb);
            // a board of a kind that runs whole sequences itself (a LAVA device type) goes through its execution
            BoardAccess access = new BoardAccess(() -> registry.openConnection(name, HostKeyPrompt.REFUSE), speed, usb,
                    new GuiManualPrompt(display, pm)).remoteFor(entry.kind().id(), name, entry.settings());

            LiveSession session = new LiveSession(sequence.name() + " on " + name);
            session.setBoardSpeed(speed);
            live = session;
            liveSessions.publish(name, session);
            KlogParser parser = new KlogParser(session);
            OutputSink toConsole = console.kernelLog();
            OutputSink kernelLog = (buffer, offset, length) -> {
                synchronized (parser) {
                    parser.feed(buffer, offset, length);
                }
                toConsole.write(buffer, offset, length);
            };
            // a saved board's limits override the sequence's, as for wqlab run
            Sequence effective = sequence.withLimits(sequence.limits().overriddenBy(entry.limits()));
            RunResult r = new SequenceRunner().run(source, effective, Map.of(), access,
                    ExperimentsLocation.workspace(), new Monitor(pm, console, kernelLog));
            synchronized (parser) {
                parser.finish();
            }
            result = r;
            summary = r.status().word() + " on " + where + ": " + r.summary()
                    + "\nexperiment: " + r.folder().dir();
            r.cleanup().forEach(c -> console.message("cleanup: " + c));
            status = r.status() == ExperimentStatus.COMPLETED ? Status.OK_STATUS
                    : pm.isCanceled() ? Status.CANCEL_STATUS : new Status(IStatus.WARNING, PLUGIN, r.summary());
            if (r.status() == ExperimentStatus.FAILED) {
                reportFailure(r.summary(), where, failureDetails(r), null);
                status = Status.OK_STATUS; // reported once, in the dialog and the Error Log, not again as the Job's
            }
        } catch (SequenceException e) {
            summary = "not run: " + e.getMessage();
            status = Status.OK_STATUS;
            reportFailure(summary, boardName, List.of(), e);
        } catch (IOException | RuntimeException e) {
            summary = "not run: " + (e.getMessage() == null ? e.toString() : e.getMessage());
            status = Status.OK_STATUS;
            reportFailure(summary, boardName, List.of(), e);
        } finally {
            if (live != null) {
                live.end(); // the plot's clock stops with the run, however it ended
            }
            pm.done();
        }
        console.message(summary);
        console.close();
        // the board is free before the editor says the run ended: a run started right after finds it free
        registry.runs().release(boardName);
        if (shown()) {
            markUnfinished(sequence.steps(), null);
            editor.runEnded(this);
            editor.setRunSummary(summary);
        } else {
            editor.runEnded(this);
        }
        return status;
    }

    /** Whether the editor's steps show this run (the newest of its runs going on). */
    private boolean shown() {
        return editor.runJob() == this;
    }

    private void showSummary(String text) {
        if (shown()) {
            editor.setRunSummary(text);
        }
    }

    private void showOutcome(StepPath path, StepOutcome outcome) {
        if (shown()) {
            editor.setOutcome(path, outcome);
        }
    }

    /** An error dialog with the run's failure and its details, and the same in the Error Log. */
    private void reportFailure(String reason, String board, List<String> details, Throwable cause) {
        String message = "The sequence '" + sequence.name() + "' failed on "
                + (board == null ? "the built-in simulated board" : board) + ": " + reason;
        List<String> lines = new ArrayList<>();
        lines.add("sequence: " + source);
        lines.addAll(details);
        ErrorReports.report("Run Sequence", ErrorReports.status(PLUGIN, message, lines, cause));
    }

    /** Each step's outcome and the experiment folder, for the error's details. */
    private static List<String> failureDetails(RunResult r) {
        List<String> lines = new ArrayList<>();
        for (StepRecord step : r.steps()) {
            String detail = step.detail().lines().findFirst().orElse("");
            lines.add(step.label() + ": " + step.outcome() + (detail.isEmpty() ? "" : " (" + detail + ")"));
        }
        r.cleanup().forEach(c -> lines.add("cleanup: " + c));
        lines.add("experiment: " + r.folder().dir());
        return lines;
    }

    /** Steps that did not run turn grey ("not run"); one still marked running was cut short (cancelled). */
    private void markUnfinished(List<Step> steps, StepPath parent) {
        for (int i = 0; i < steps.size(); i++) {
            StepPath p = parent == null ? StepPath.of(i) : parent.child(i);
            StepOutcome o = editor.outcomes().get(p);
            if (o == null) {
                editor.setOutcome(p, new StepOutcome(StepOutcome.State.NOT_RUN, ""));
            } else if (o.state() == StepOutcome.State.RUNNING) {
                editor.setOutcome(p, new StepOutcome(StepOutcome.State.CANCELLED, o.detail()));
            }
            markUnfinished(steps.get(i).steps(), p);
        }
    }

    /** Steps the runner executes, repeat bodies once per iteration (progress units). */
    static int count(List<Step> steps, Variables variables) {
        int n = 0;
        for (Step s : steps) {
            n++;
            if (s.type() == StepType.REPEAT) {
                int times;
                try {
                    times = new ResolvedStep(s, variables).integer("times", 1);
                } catch (RuntimeException e) {
                    times = 1;
                }
                n += times * count(s.steps(), variables);
            }
        }
        return n;
    }

    /** The runner's progress into the Job's monitor, the editor and the Console. */
    private final class Monitor implements RunMonitor {
        private final IProgressMonitor pm;
        private final RunConsole console;
        private final OutputSink kernelLog;

        Monitor(IProgressMonitor pm, RunConsole console, OutputSink kernelLog) {
            this.pm = pm;
            this.console = console;
            this.kernelLog = kernelLog;
        }

        @Override
        public boolean isCanceled() {
            return pm.isCanceled();
        }

        @Override
        public void recording(java.nio.file.Path experimentDir) {
            LiveSession session = live;
            if (session != null) {
                session.setRecordingInto(experimentDir);
            }
        }

        @Override
        public void stepStarted(int number, String label) {
            pm.subTask(label);
            console.message("[" + number + "] " + label + " ...");
            StepPath.ofLabel(label).ifPresent(p -> showOutcome(p,
                    new StepOutcome(StepOutcome.State.RUNNING, iteration(label))));
        }

        @Override
        public void stepFinished(StepRecord r) {
            pm.worked(1);
            console.message("[" + r.number() + "] " + r.label() + ": " + r.outcome() + " (" + r.durationMs() + " ms)"
                    + (r.detail().isEmpty() ? "" : " " + r.detail()));
            String detail = (iteration(r.label()) + " " + r.detail().lines().findFirst().orElse("")).strip();
            StepPath.ofLabel(r.label()).ifPresent(p -> showOutcome(p,
                    new StepOutcome(StepOutcome.of(r.outcome()), detail)));
        }

        @Override
        public void message(String text) {
            console.message(text);
        }

        @Override
        public void status(String text) {
            console.message(text);
            showSummary(text); // queued in a lab, then running on its device: where the run is, in the editor
        }

        @Override
        public OutputSink kernelLog() {
            return kernelLog;
        }
    }

    /** {@code [2/3]} of a repeat body's label, else "". */
    private static String iteration(String label) {
        int open = label.lastIndexOf(" [");
        return open >= 0 && label.endsWith("]") ? label.substring(open + 1) : "";
    }

    static List<StepPath> allPaths(List<Step> steps, StepPath parent) {
        List<StepPath> out = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            StepPath p = parent == null ? StepPath.of(i) : parent.child(i);
            out.add(p);
            out.addAll(allPaths(steps.get(i).steps(), p));
        }
        return out;
    }
}
