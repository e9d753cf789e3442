package org.wqlab.analysis.capture;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.analysis.trace.WorkTimeline;
import org.wqlab.core.store.AtomicFiles;
import org.wqlab.core.store.RawLogAppender;
import org.wqlab.core.store.StreamLines;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * The trace kept only around late runs. The stream is cut into segments of {@code window} seconds of trace time,
 * each a file in a ring directory on the host's disk; the ring holds the last {@value #RING_SEGMENTS} segments. A
 * late report ({@link #keepAround}) marks the segments from {@code window} before its stall began to {@code window}
 * after the report; a segment leaving the ring is appended to the trace file when marked, deleted otherwise. A segment
 * leaves only once the kernel log has been read past it ({@link #logReached}), at most {@value #HOLD_LIMIT} held. Between
 * two kept windows the trace file gets a {@code # wqlab trace gap} line, where {@code WorkTimeline} ends what was running
 * (nothing is attributed across a dropped gap). {@link #close} writes {@value #WINDOWS_FILE}: the windows kept (trace
 * time, microseconds) and the reports that kept them. Thread-safe: the trace stream and the kernel log stream call in
 * from their own threads.
 */
public final class LateWindowRing implements TraceOutput {

    public static final String WINDOWS_FILE = "trace-windows.json";
    public static final String GAP_NOTE = WorkTimeline.GAP_NOTE;
    /** Segments held on disk: a stall up to (RING_SEGMENTS - 2) windows long still has its start when it is reported. */
    static final int RING_SEGMENTS = 6;
    /**
     * Segments held at most while the kernel log is behind the trace (two streams, read apart: a loaded host, a slow
     * link); beyond it the oldest is decided without waiting for the log.
     */
    static final int HOLD_LIMIT = 60;
    private static final Pattern TIME = Pattern.compile("\\]\\s+(?:\\S{4,5}\\s+)?(\\d+)\\.(\\d{1,9}):\\s");

    private record Report(long atUs, long delayUs) {
    }

    private final RawLogAppender trace;
    private final Path ringDir;
    private final Path windowsFile;
    private final long segmentUs;
    private final TreeMap<Long, OutputStream> ring = new TreeMap<>();
    private final TreeMap<Long, Boolean> marked = new TreeMap<>();
    private final List<Report> reports = new ArrayList<>();
    private final List<long[]> kept = new ArrayList<>();
    private final List<byte[]> lateNotes = new ArrayList<>();
    private final StreamLines lines = new StreamLines();
    private long lastKeptSegment = Long.MIN_VALUE;
    private long firstSegment = Long.MIN_VALUE;
    private long lastSegment = Long.MIN_VALUE;
    private long droppedSegments;
    private long keptBytes;
    private long droppedBytes;
    private boolean anyEvent;
    private long logUs = Long.MIN_VALUE;

    /**
     * @param traceFile the experiment's trace file (the kept windows)
     * @param experimentDir where {@value #WINDOWS_FILE} and the ring's directory ({@code trace-ring}) go
     */
    public LateWindowRing(Path traceFile, Path experimentDir, double windowSeconds) throws IOException {
        this.trace = new RawLogAppender(traceFile);
        this.ringDir = experimentDir.resolve("trace-ring");
        this.windowsFile = experimentDir.resolve(WINDOWS_FILE);
        this.segmentUs = Math.max(1000, Math.round(windowSeconds * 1_000_000));
        Files.createDirectories(ringDir);
    }

    /** A late report at {@code atUs} (the board's clock) for a run {@code delayUs} late: keep the trace around it. */
    public synchronized void keepAround(long atUs, long delayUs) {
        reports.add(new Report(atUs, delayUs));
        long from = Math.floorDiv(atUs - Math.max(0, delayUs) - segmentUs, segmentUs);
        long to = Math.floorDiv(atUs + segmentUs, segmentUs);
        for (long s = from; s <= to; s++) {
            marked.put(s, true);
        }
    }

    /**
     * The kernel log has been read up to {@code atUs} (the board's clock): a segment leaves the ring only once the log
     * is {@code RING_SEGMENTS - 1} windows past its start, so a late report read after the trace around it still keeps
     * it.
     */
    public synchronized void logReached(long atUs) {
        logUs = Math.max(logUs, atUs);
    }

    @Override
    public synchronized void append(byte[] bytes, int off, int len) throws IOException {
        lines.write(bytes, off, len, l -> line(l + "\n"));
    }

    private void line(String line) throws IOException {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        if (line.startsWith("#")) {
            if (anyEvent) {
                lateNotes.add(b); // after the windows, so that no note lands inside a dropped part
            } else {
                trace.append(b, 0, b.length);
            }
            return;
        }
        Matcher m = TIME.matcher(line);
        if (!m.find()) {
            return; // not an event line: nothing the timeline reads
        }
        anyEvent = true;
        String frac = (m.group(2) + "000000").substring(0, 6);
        long us = Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(frac);
        long segment = Math.floorDiv(us, segmentUs);
        if (firstSegment == Long.MIN_VALUE) {
            firstSegment = segment;
        }
        if (!ring.isEmpty() && segment < ring.firstKey()) {
            segment = ring.firstKey(); // a CPU's buffer a little behind: into the oldest segment still held
        } else if (lastSegment != Long.MIN_VALUE && segment < lastSegment - RING_SEGMENTS) {
            segment = lastSegment; // older than the ring (a clock step): never reopen an evicted segment
        }
        lastSegment = Math.max(lastSegment, segment);
        OutputStream out = ring.get(segment);
        if (out == null) {
            out = new BufferedOutputStream(Files.newOutputStream(segmentFile(segment)), 1 << 16);
            ring.put(segment, out);
        }
        out.write(b);
        while (ring.size() > RING_SEGMENTS && (logPassed(ring.firstKey()) || ring.size() > HOLD_LIMIT)) {
            evict(ring.firstKey());
        }
    }

    private boolean logPassed(long segment) {
        return logUs != Long.MIN_VALUE && logUs >= (segment + RING_SEGMENTS - 1) * segmentUs;
    }

    private Path segmentFile(long segment) {
        return ringDir.resolve("segment-" + segment + ".trace");
    }

    private void evict(long segment) throws IOException {
        ring.remove(segment).close();
        Path file = segmentFile(segment);
        long size = Files.size(file);
        if (Boolean.TRUE.equals(marked.remove(segment))) {
            if (lastKeptSegment != Long.MIN_VALUE && segment != lastKeptSegment + 1) {
                byte[] gap = (GAP_NOTE + ": dropped " + (lastKeptSegment + 1) * segmentUs + " to " + segment * segmentUs
                        + " us\n").getBytes(StandardCharsets.UTF_8);
                trace.append(gap, 0, gap.length);
            }
            byte[] content = Files.readAllBytes(file);
            trace.append(content, 0, content.length);
            keptBytes += size;
            if (!kept.isEmpty() && segment == lastKeptSegment + 1) {
                kept.get(kept.size() - 1)[1] = (segment + 1) * segmentUs;
            } else {
                kept.add(new long[] { segment * segmentUs, (segment + 1) * segmentUs });
            }
            lastKeptSegment = segment;
        } else {
            droppedSegments++;
            droppedBytes += size;
        }
        Files.delete(file);
    }

    @Override
    public synchronized void flush() throws IOException {
        for (OutputStream out : ring.values()) {
            out.flush();
        }
        trace.flush();
    }

    /** Decides the segments still in the ring, writes the kept-windows record and removes the ring. */
    @Override
    public synchronized void close() throws IOException {
        try {
            while (!ring.isEmpty()) {
                evict(ring.firstKey());
            }
            for (byte[] note : lateNotes) {
                trace.append(note, 0, note.length);
            }
        } finally {
            trace.close();
            Files.deleteIfExists(ringDir);
            AtomicFiles.write(windowsFile, windowsJson().getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The windows kept so far, each [fromUs, toUs) in trace time. */
    public synchronized List<long[]> keptWindows() {
        return kept.stream().map(long[]::clone).toList();
    }

    private String windowsJson() {
        JsonObject o = new JsonObject();
        o.addProperty("formatVersion", 1);
        o.addProperty("mode", "late-windows");
        o.addProperty("windowUs", segmentUs);
        o.addProperty("ringSegments", RING_SEGMENTS);
        JsonArray windows = new JsonArray();
        for (long[] w : kept) {
            JsonObject j = new JsonObject();
            j.addProperty("fromUs", w[0]);
            j.addProperty("toUs", w[1]);
            windows.add(j);
        }
        o.add("kept", windows);
        JsonArray late = new JsonArray();
        for (Report r : reports) {
            JsonObject j = new JsonObject();
            j.addProperty("atUs", r.atUs());
            j.addProperty("delayUs", r.delayUs());
            late.add(j);
        }
        o.add("lateReports", late);
        o.addProperty("traceStartUs", firstSegment == Long.MIN_VALUE ? null : firstSegment * segmentUs);
        o.addProperty("traceEndUs", lastSegment == Long.MIN_VALUE ? null : (lastSegment + 1) * segmentUs);
        o.addProperty("droppedSegments", droppedSegments);
        o.addProperty("keptBytes", keptBytes);
        o.addProperty("droppedBytes", droppedBytes);
        return new GsonBuilder().setPrettyPrinting().create().toJson(o) + "\n";
    }
}
