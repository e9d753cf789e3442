package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.store.RawLogAppender;

/** The backlog of a freshly opened kernel-log stream counts as delivered once the stream pauses. */
class KernelLogRecorderQuietTest {

    @TempDir
    Path tmp;

    private static void record(KernelLogRecorder r, long seq) {
        byte[] line = ("6," + seq + "," + seq * 1000 + ",-;line " + seq + "\n").getBytes(StandardCharsets.UTF_8);
        r.write(line, 0, line.length);
    }

    @Test
    void aBacklogWrittenInOneBurstHasAllArrivedWhenTheStreamFallsQuiet() throws IOException, InterruptedException {
        try (RawLogAppender appender = new RawLogAppender(tmp.resolve("kernel.log"))) {
            KernelLogRecorder recorder = new KernelLogRecorder(appender);
            Thread transport = Thread.ofPlatform().start(() -> {
                for (int seq = 0; seq < 2000; seq++) {
                    record(recorder, seq);
                }
            });
            transport.join();
            recorder.awaitQuiet(100, 60_000);
            assertEquals(1999, recorder.maxSeqSeen());
        }
    }

    @Test
    void aLogThatNeverPausesIsWaitedForNoLongerThanTheBound() throws IOException, InterruptedException {
        try (RawLogAppender appender = new RawLogAppender(tmp.resolve("kernel.log"))) {
            KernelLogRecorder recorder = new KernelLogRecorder(appender);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong written = new AtomicLong();
            Thread busy = Thread.ofPlatform().start(() -> {
                while (!stop.get()) {
                    record(recorder, written.getAndIncrement());
                }
            });
            try {
                recorder.awaitQuiet(60_000, 50); // quiet never comes: the bound ends the wait
                long seenWhenItReturned = recorder.maxSeqSeen();
                assertTrue(seenWhenItReturned >= 0, "records arrived while waiting");
            } finally {
                stop.set(true);
                busy.join();
            }
        }
    }
}
