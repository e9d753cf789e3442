package org.wqlab.analysis;

/**
 * The page cache just before a pull (-1: not recorded): meminfo's Cached, Dirty, Writeback in kB, vmstat's nr_dirty
 * and nr_writeback in pages.
 */
public record PageCacheAtPull(int pull, long cachedKb, long dirtyKb, long writebackKb, long nrDirty,
        long nrWriteback) {

    /** Dirty and under-writeback memory in kB (meminfo's, else vmstat's at 4 KiB pages), -1 when not recorded. */
    public long dirtyOrWritebackKb() {
        if (dirtyKb >= 0 || writebackKb >= 0) {
            return Math.max(0, dirtyKb) + Math.max(0, writebackKb);
        }
        if (nrDirty >= 0 || nrWriteback >= 0) {
            return (Math.max(0, nrDirty) + Math.max(0, nrWriteback)) * 4;
        }
        return -1;
    }
}
