package org.wqlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verdict says when the page cache before the pull held much more than the run copied. */
class StaleCacheTest {

    @TempDir
    Path dir;

    private VerdictFacts facts(long cachedKb, long copiedBytes, long copiedAfterPull) throws Exception {
        String dd = "exit 0: %d+0 records in\\n%d+0 records out\\n%d bytes (x) copied, 7.6 s, 35.0 MB/s";
        String json = """
                {"cachedKbBeforeDisconnect": [%d], "steps": [
                 {"type": "run", "outcome": "ok", "detail": "exit 0: Cached:          0 kB"},
                 {"type": "run", "outcome": "ok", "detail": "%s"},
                 {"type": "usb-disconnect", "outcome": "ok", "detail": "disconnected 2-1 with sim-pull"},
                 {"type": "run", "outcome": "ok", "detail": "%s"}]}
                """.formatted(cachedKb, dd.formatted(copiedBytes >> 20, copiedBytes >> 20, copiedBytes),
                dd.formatted(1, 1, copiedAfterPull));
        Path run = Files.writeString(dir.resolve("run.json"), json);
        return VerdictFacts.from(Map.of(), run);
    }

    @Test
    void aCacheFarLargerThanTheCopyIsNamedWithBothSizes() throws Exception {
        VerdictFacts f = facts(2048L * 1024 + 256 * 1024, 256L << 20, 1L << 30);
        assertEquals(256L << 20, f.copiedBytesBeforeDisconnect(), "only the copy before the pull counts");
        Optional<StaleCache.Note> note = StaleCache.note(f);
        assertTrue(note.isPresent());
        assertEquals("the page cache held 2304 MiB before the disconnect, much more than the 256 MiB this run copied:"
                + " pages cached before the run (an earlier or cancelled copy) were still there, so the stall is that"
                + " of 2304 MiB", note.get().cause());
        assertTrue(note.get().advice().contains("echo 3 > /proc/sys/vm/drop_caches"), note.get().advice());
    }

    @Test
    void aCacheAsLargeAsTheCopyOrCappedBelowItSaysNothing() throws Exception {
        assertEquals(Optional.empty(), StaleCache.note(facts(256L * 1024 + 300, 256L << 20, 0)));
        assertEquals(Optional.empty(), StaleCache.note(facts(3_407_872, 4096L << 20, 0)), "RAM caps the cache");
        assertEquals(Optional.empty(), StaleCache.note(facts(60 * 1024, 10L << 20, 0)), "under 64 MiB more");
    }

    @Test
    void noCopyRecordedSaysNothing() throws Exception {
        Path run = Files.writeString(dir.resolve("run.json"), "{\"cachedKbBeforeDisconnect\": [2097152], \"steps\": []}");
        VerdictFacts f = VerdictFacts.from(Map.of(), run);
        assertEquals(-1, f.copiedBytesBeforeDisconnect());
        assertEquals(Optional.empty(), StaleCache.note(f));
    }
}
