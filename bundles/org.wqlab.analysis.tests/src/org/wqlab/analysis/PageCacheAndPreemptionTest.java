package org.wqlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The page cache at a pull and the preemption model, from board facts as the runner records them. */
class PageCacheAndPreemptionTest {

    @Test
    void meminfoAndVmstatCountersAreReadByName() {
        Map<String, Long> v = PageCacheProbe.parse("MemTotal:  4000 kB\nCached:    1048576 kB\nDirty:        12 kB\n"
                + "Writeback:      0 kB\n", "nr_free_pages 5\nnr_file_pages 274944\nnr_dirty 3\nnr_writeback 0\n"
                + "nr_dirty_threshold 9\n");
        assertEquals(Map.of("Cached", 1048576L, "Dirty", 12L, "Writeback", 0L, "nr_file_pages", 274944L,
                "nr_dirty", 3L, "nr_writeback", 0L), v);
        assertEquals(Map.of("pull.2.after.Cached", "7"), PageCacheProbe.facts(2, PageCacheProbe.AFTER,
                Map.of("Cached", 7L)));
    }

    private static VerdictFacts facts(Map<String, String> boardFacts) {
        return VerdictFacts.from(boardFacts, null);
    }

    @Test
    void manyDirtyOrWritebackPagesAtThePullAreACauseOfTheirOwn() {
        VerdictFacts f = facts(Map.of("pull.1.before.Cached", "900000", "pull.1.before.Dirty", "40960",
                "pull.1.before.Writeback", "8192", "pull.1.before.nr_dirty", "10240"));
        StaleCache.Note n = WritebackAtPull.note(f).orElseThrow();
        assertTrue(n.cause().startsWith("48 MiB were dirty or under writeback at pull 1 (Dirty 40960 kB, Writeback "
                + "8192 kB): a writeback stall is another cause"), n.cause());
        assertTrue(n.advice().startsWith("sync, and wait for nr_writeback to reach 0"), n.advice());
        assertEquals(Optional.empty(), WritebackAtPull.clean(f));
    }

    @Test
    void aCleanCacheIsSaidCleanAndNoWritebackCause() {
        VerdictFacts f = facts(Map.of("pull.1.before.Cached", "900000", "pull.1.before.Dirty", "40960",
                "pull.2.before.Cached", "900000", "pull.2.before.Dirty", "12", "pull.2.before.Writeback", "0"));
        assertEquals(2, f.beforePulls().size());
        assertEquals(Optional.empty(), WritebackAtPull.note(f), "the last pull is the one judged");
        assertEquals("the page cache was clean at pull 2 (12 kB dirty or under writeback): the stall is the "
                + "invalidation of clean pages, not writeback", WritebackAtPull.clean(f).orElseThrow());
        assertEquals(Optional.empty(), WritebackAtPull.clean(facts(Map.of())), "not recorded: nothing said");
    }

    @Test
    void preemptionModelFromTheConfigElseUname() {
        assertEquals(new PreemptionModel("rt", "CONFIG_PREEMPT_RT"),
                PreemptionModel.of(Map.of("config.CONFIG_PREEMPT_RT", "y", "config.CONFIG_PREEMPT", "y")).get());
        assertEquals(new PreemptionModel("voluntary", "CONFIG_PREEMPT_VOLUNTARY"),
                PreemptionModel.of(Map.of("config.CONFIG_PREEMPT_VOLUNTARY", "y")).get());
        assertEquals(new PreemptionModel("none", "preempt=none on the command line"), PreemptionModel.of(Map.of(
                "config.CONFIG_PREEMPT_DYNAMIC", "y", "config.CONFIG_PREEMPT", "y", "cmdline", "quiet preempt=none"))
                .get());
        assertEquals(new PreemptionModel("dynamic", "uname -v: PREEMPT_DYNAMIC"), PreemptionModel.of(Map.of("uname",
                "Linux vb 6.1.0-28-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1 x86_64")).get());
        assertEquals(new PreemptionModel("full", "uname -v: PREEMPT"), PreemptionModel.of(Map.of("uname",
                "Linux h3ulcb 5.4.72-yocto-standard #1 SMP PREEMPT Thu Aug 6 10:20:31 UTC 2020 aarch64")).get());
        assertEquals(Optional.empty(), PreemptionModel.of(Map.of("uname", "Linux b 6.1.0 #1 SMP Thu x86_64")));
        String none = new PreemptionModel("none", "CONFIG_PREEMPT_NONE").sentence();
        assertTrue(none.contains("other threads on that CPU wait too"), none);
        String full = new PreemptionModel("full", "CONFIG_PREEMPT").sentence();
        assertTrue(full.contains("other threads on that CPU are not held") && full.contains("which no preemption model"
                + " changes"), full);
    }
}
