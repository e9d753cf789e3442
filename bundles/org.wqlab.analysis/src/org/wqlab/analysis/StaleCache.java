package org.wqlab.analysis;

import java.util.Optional;

/**
 * The page cache before the pull held much more than the run copied: an earlier run's (or a cancelled copy's) pages
 * were still cached, so the stall is that of the larger cache, whatever the run's labels say.
 */
public final class StaleCache {

    /** A sentence for the verdict's causes and one for its advice. */
    public record Note(String cause, String advice) {
    }

    /** More than this many times what was copied, and at least this much more, counts as "much more". */
    static final double FACTOR = 1.5;
    static final long SLACK_MIB = 64;

    private StaleCache() {
    }

    public static Optional<Note> note(VerdictFacts f) {
        long cachedKb = f.cachedKbBeforeLastDisconnect();
        long copied = f.copiedBytesBeforeDisconnect();
        if (cachedKb < 0 || copied < 0) {
            return Optional.empty();
        }
        long cachedMib = cachedKb / 1024;
        long copiedMib = copied >> 20;
        if (cachedMib <= copiedMib * FACTOR || cachedMib - copiedMib < SLACK_MIB) {
            return Optional.empty();
        }
        return Optional.of(new Note("the page cache held " + cachedMib + " MiB before the disconnect, much more than the "
                + copiedMib + " MiB this run copied: pages cached before the run (an earlier or cancelled copy) were "
                + "still there, so the stall is that of " + cachedMib + " MiB",
                "drop the page cache before the copy (sync; echo 3 > /proc/sys/vm/drop_caches), as the default "
                        + "sequence does, so that a run measures only what it copies"));
    }
}
