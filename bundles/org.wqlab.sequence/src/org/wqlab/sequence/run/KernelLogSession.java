package org.wqlab.sequence.run;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Pattern;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.OutputSink;
import org.wqlab.target.RemoteStream;
import org.wqlab.target.TransportException;

/**
 * The board's kernel log during one run: {@code cat /dev/kmsg} (or {@code dmesg -w}) streamed into the recorder from
 * the run's start marker on, the lines wqlab writes into the log, and the stream's end.
 */
final class KernelLogSession {

    private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(30);
    private static final long FIRST_RECORD_WAIT_MS = 2000;
    /** The backlog {@code cat /dev/kmsg} starts with has arrived once the stream pauses; a busy log, at most this. */
    private static final long BACKLOG_QUIET_MS = 100;
    private static final long BACKLOG_WAIT_MS = 300;
    private static final long MARKER_WAIT_MS = 1500;
    private static final Pattern LAST_RECORDS = Pattern.compile("latency_mon: stop|wqlab: run .* end");

    private final BoardConnection connection;
    private final KernelLogRecorder recorder;
    private RemoteStream stream;
    private String mode = "none";

    KernelLogSession(BoardConnection connection, KernelLogRecorder recorder) {
        this.connection = connection;
        this.recorder = recorder;
    }

    /** How the log is read, for run.json: {@code /dev/kmsg from seq N (run marker)}, the dmesg fallback, or none. */
    String mode() {
        return mode;
    }

    void start(String runId) throws TransportException, InterruptedException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        stream = connection.stream(Command.of("cat").arg("/dev/kmsg"), recorder, OutputSink.into(err));
        boolean any = recorder.awaitAnyRecord(FIRST_RECORD_WAIT_MS);
        if (!any && !stream.isRunning()) {
            // no /dev/kmsg (permissions, old kernel): dmesg -w, without sequence numbers
            recorder.plainLines();
            stream = connection.stream(Command.of("dmesg").word("-w"), recorder, OutputSink.DISCARD);
            recorder.startAt(0);
            mode = "dmesg -w (fallback: " + err.toString(StandardCharsets.UTF_8).strip() + ")";
            return;
        }
        // the records there were when the stream opened: for a board that does not log the marker
        recorder.awaitQuiet(BACKLOG_QUIET_MS, BACKLOG_WAIT_MS);
        long backlog = recorder.maxSeqSeen();
        String marker = KmsgLine.of("run " + runId + " start");
        write(marker);
        long markerSeq = recorder.awaitSeqOf(marker, MARKER_WAIT_MS);
        long firstSeq = markerSeq >= 0 ? markerSeq : backlog + 1;
        mode = "/dev/kmsg from seq " + firstSeq + (markerSeq >= 0 ? " (run marker)"
                : " (after the " + (backlog + 1) + " records there were; the board did not log the marker)");
        recorder.startAt(firstSeq);
    }

    /** {@code line}: made by {@link KmsgLine#of}, one record that nothing reads as a report or an event. */
    void write(String line) throws TransportException {
        // the board's log holds the step events, on the kernel clock; a board that refuses is not a failure
        connection.run(Command.of("echo").arg(line).op(">").arg("/dev/kmsg"), WRITE_TIMEOUT);
    }

    /** Lets the last records (module stop) arrive while the connection is up, then ends the stream. */
    void stop() {
        if (stream == null) {
            return;
        }
        if (connection.isOpen()) {
            try {
                recorder.await(LAST_RECORDS, 0, 1000, () -> false);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        stream.cancel();
    }
}
