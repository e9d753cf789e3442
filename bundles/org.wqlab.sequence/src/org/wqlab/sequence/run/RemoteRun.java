package org.wqlab.sequence.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

import org.wqlab.core.store.AtomicFiles;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.Variables;

/**
 * One run as a {@link RemoteExecution} sees it: what to run, and where what comes back goes (the kernel log, the
 * steps' outcomes, the board's facts, files kept beside the experiment).
 */
public final class RemoteRun {
    private final Run run;

    RemoteRun(Run run) {
        this.run = run;
    }

    public Sequence sequence() {
        return run.sequence;
    }

    public Variables variables() {
        return run.variables;
    }

    /** The experiment's folder id (the name of its folder in the workspace). */
    public String experimentId() {
        return run.folder.id();
    }

    public boolean isCanceled() {
        return run.monitor.isCanceled();
    }

    public void message(String text) {
        run.monitor.message(text);
    }

    /** Where the run is on the board's side ("LAVA job 12: queued"), see {@link RunMonitor#status}. */
    public void status(String text) {
        run.monitor.status(text);
    }

    /**
     * Kernel-log records in {@code /dev/kmsg} format, each ending in a newline: into the experiment's kernel log and
     * the live session. Other lines (a job's own output) must not be passed.
     */
    public void kernelRecords(String records) {
        byte[] b = records.getBytes(StandardCharsets.UTF_8);
        run.recorder.write(b, 0, b.length);
    }

    /** The kernel clock (us) of the last record received, or -1. */
    public long lastKernelUs() {
        return run.recorder.lastKernelUs();
    }

    public void stepStarted(int number, String label) {
        run.stepNumber = Math.max(run.stepNumber, number);
        run.monitor.stepStarted(number, label);
    }

    /** A step's outcome ({@link StepRecord#OK}, {@link StepRecord#FAILED}, ...), as the board reported it. */
    public void stepFinished(int number, String label, String type, String outcome, String detail, Instant started,
            long durationMs, long kernelUs) {
        StepRecord rec = new StepRecord(number, label, type, outcome, detail, started == null ? "" : started.toString(),
                durationMs, kernelUs);
        synchronized (run.steps) {
            run.steps.add(rec);
        }
        run.monitor.stepFinished(rec);
    }

    /** Facts about the board and the job (its id, device, URL), kept in the experiment's metadata. */
    public void facts(Map<String, String> facts) throws IOException {
        run.facts.putAll(facts);
        run.metadata = run.metadata.withBoardFacts(run.facts);
        run.folder.writeMetadata(run.metadata);
    }

    /** A text file kept in the experiment's folder (the job as submitted, the job's own log). */
    public Path keep(String fileName, String text) throws IOException {
        if (fileName.contains("/") || fileName.startsWith(".")) {
            throw new IllegalArgumentException("not a plain file name: " + fileName);
        }
        Path file = run.folder.dir().resolve(fileName);
        AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8));
        return file;
    }
}
