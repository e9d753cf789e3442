package org.wqlab.sim.kernel;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.Gson;
import com.google.gson.JsonObject;

/**
 * What the simulator actually executed: every work item, every monitor run and every interrupt handler. Kept in memory for tests and, when
 * a writer is attached, written as JSON lines ({@code {"type":"work",...}}, {@code "monitor"}, {@code "interrupt"}), flushed
 * per record so a crash loses nothing already recorded.
 */
public final class GroundTruth {

    private static final Gson GSON = new Gson();

    private final List<WorkRecord> work = new ArrayList<>();
    private final List<MonitorReport> monitor = new ArrayList<>();
    private final List<InterruptRecord> interrupts = new ArrayList<>();
    private Writer writer;
    private IOException writeError;
    private boolean retain = true;

    /**
     * Whether records are also kept in memory (the default, for tests). A long-running server turns this off and
     * relies on the file.
     */
    public void retainInMemory(boolean keep) {
        this.retain = keep;
        if (!keep) {
            work.clear();
            monitor.clear();
            interrupts.clear();
        }
    }

    void work(WorkRecord r) {
        record(work, r, "work");
    }

    void monitor(MonitorReport r) {
        record(monitor, r, "monitor");
    }

    void interrupt(InterruptRecord r) {
        record(interrupts, r, "interrupt");
    }

    private <T> void record(List<T> kept, T r, String type) {
        if (retain) {
            kept.add(r);
        }
        if (writer != null) {
            JsonObject o = GSON.toJsonTree(r).getAsJsonObject();
            o.addProperty("type", type);
            write(o);
        }
    }

    /** Every hard interrupt and softirq handler, in the order they started. */
    public List<InterruptRecord> interrupts() {
        return List.copyOf(interrupts);
    }

    public List<WorkRecord> workRecords() {
        return List.copyOf(work);
    }

    public List<WorkRecord> workRecords(String function) {
        return work.stream().filter(w -> w.function().equals(function)).toList();
    }

    public List<MonitorReport> monitorReports() {
        return List.copyOf(monitor);
    }

    /** Writes every later record to {@code out} (the caller closes it). */
    public void writeTo(Writer out) {
        this.writer = out;
    }

    /** The first error writing the file, if any (recording in memory goes on). */
    public IOException writeError() {
        return writeError;
    }

    private void write(JsonObject o) {
        if (writer == null || writeError != null) {
            return;
        }
        try {
            writer.write(GSON.toJson(o));
            writer.write('\n');
            writer.flush();
        } catch (IOException e) {
            writeError = e;
        }
    }
}
