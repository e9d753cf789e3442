package org.wqlab.core.model;

/**
 * The file an experiment was imported from, as {@code experiment.json} records it.
 *
 * @param name     the file's own name when it was imported
 * @param file     where the experiment keeps it byte for byte, relative to its folder: {@code source/NAME}, or
 *                 {@code kernel.log} when the importer copied the file unchanged (then nothing else is kept)
 * @param bytes    its length
 * @param sha256   SHA-256 of its bytes, lower-case hex; null when {@code file} is {@code kernel.log} (a 1 GB log is
 *                 not read a second time for it: the kernel log's seal checks that copy)
 * @param importer the id of the log importer that read it
 */
public record ImportSource(String name, String file, long bytes, String sha256, String importer) {

    /** Whether the kept file is the experiment's kernel log itself. */
    public boolean isKernelLog() {
        return "kernel.log".equals(file);
    }
}
