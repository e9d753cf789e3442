package org.wqlab.analysis;

import java.util.Optional;

/**
 * Dirty and under-writeback pages at the last pull, as the runner recorded them: many of them make a writeback stall
 * (writers throttled in balance_dirty_pages, the flusher blocked on the removed device, their data lost), a cause
 * with another advice than the clean cache's invalidation; few of them say the cache was clean.
 */
public final class WritebackAtPull {

    /** From this much dirty or under-writeback memory on, writeback is a cause of its own. */
    static final long MATTERS_KB = 16 * 1024;

    private WritebackAtPull() {
    }

    /** The note when it matters, else empty (not recorded, or little). */
    public static Optional<StaleCache.Note> note(VerdictFacts f) {
        if (f.beforePulls().isEmpty()) {
            return Optional.empty();
        }
        PageCacheAtPull p = f.beforePulls().get(f.beforePulls().size() - 1);
        long kb = p.dirtyOrWritebackKb();
        if (kb < MATTERS_KB) {
            return Optional.empty();
        }
        return Optional.of(new StaleCache.Note(kb / 1024 + " MiB were dirty or under writeback at pull " + p.pull()
                + " (Dirty " + Math.max(0, p.dirtyKb()) + " kB, Writeback " + Math.max(0, p.writebackKb())
                + " kB): a writeback stall is another cause than the cache's invalidation: writers wait in "
                + "balance_dirty_pages and the flusher on a device that is gone, and that data is lost",
                "sync, and wait for nr_writeback to reach 0, before pulling the stick (the default sequence syncs "
                        + "first); for a removable device keep less dirty (lower vm.dirty_bytes and "
                        + "vm.dirty_background_bytes, or mount it with -o sync)"));
    }

    /** "the page cache was clean at the pull": when recorded and below what matters, else empty. */
    public static Optional<String> clean(VerdictFacts f) {
        if (f.beforePulls().isEmpty()) {
            return Optional.empty();
        }
        PageCacheAtPull p = f.beforePulls().get(f.beforePulls().size() - 1);
        long kb = p.dirtyOrWritebackKb();
        return kb < 0 || kb >= MATTERS_KB ? Optional.empty()
                : Optional.of("the page cache was clean at pull " + p.pull() + " (" + kb + " kB dirty or under "
                        + "writeback): the stall is the invalidation of clean pages, not writeback");
    }
}
