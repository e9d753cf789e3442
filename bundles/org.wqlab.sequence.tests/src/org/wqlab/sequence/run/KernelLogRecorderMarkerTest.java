package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.store.RawLogAppender;

/** The runner waits for its run marker to come back through the kernel-log stream, not for a fixed time. */
class KernelLogRecorderMarkerTest {

    @TempDir
    Path tmp;

    private static void record(KernelLogRecorder r, long seq, String text) {
        byte[] line = ("6," + seq + "," + seq * 1000 + ",-;" + text + "\n").getBytes(StandardCharsets.UTF_8);
        r.write(line, 0, line.length);
    }

    @Test
    void theMarkerWrittenByAnotherThreadAfterTheBacklogIsFoundAtItsSequenceNumber() throws Exception {
        try (RawLogAppender appender = new RawLogAppender(tmp.resolve("kernel.log"))) {
            KernelLogRecorder recorder = new KernelLogRecorder(appender);
            Thread transport = Thread.ofPlatform().start(() -> {
                for (int seq = 1; seq <= 500; seq++) {
                    record(recorder, seq, "backlog " + seq);
                }
                record(recorder, 501, "wqlab: run 7 start");
            });
            assertEquals(501, recorder.awaitSeqOf("wqlab: run 7 start", 60_000));
            transport.join();
            recorder.startAt(501);
            recorder.flush();
            assertEquals("6,501,501000,-;wqlab: run 7 start\n", Files.readString(tmp.resolve("kernel.log")),
                    "the backlog before the marker is not kept");
        }
    }

    @Test
    void aMarkerThatNeverArrivesGivesMinusOneOnceTheTimeIsUp() throws IOException, InterruptedException {
        try (RawLogAppender appender = new RawLogAppender(tmp.resolve("kernel.log"))) {
            KernelLogRecorder recorder = new KernelLogRecorder(appender);
            record(recorder, 1, "something else");
            assertEquals(-1, recorder.awaitSeqOf("wqlab: run 7 start", 20));
            assertEquals(1, recorder.maxSeqSeen());
        }
    }
}
