package org.wqlab.klog.importer;

import java.io.IOException;
import java.nio.file.Path;

import org.wqlab.core.model.InputException;

/**
 * One log format wqlab can import (dmesg, the journal, {@code /dev/kmsg} records, a serial capture, another tool's
 * output). Each is an OSGi service under this interface; {@code wqlab import} and the workbench ask the installed
 * ones, in {@link LogImporters#all()} order, which of them reads a file.
 */
public interface LogImporter {

    /** Stable id, for example {@code journal}. */
    String id();

    /** What a user calls the format, for example {@code journalctl -k text}; error messages list these. */
    String name();

    /**
     * Whether this importer reads the file, decided from its content: {@code head} is its first bytes (at most
     * {@link LogHead#SIZE}, the whole file when shorter), never its name or extension.
     */
    boolean reads(Path file, LogHead head);

    /**
     * Turns the file into the experiment's kernel log: writes it, in any chunking, as the kernel-log text the
     * parser reads (see {@code KlogParser}), into {@code out}. Returns a sentence for the experiment's notes, or "".
     * Bad content is an {@link InputException} naming the file and line.
     */
    String importInto(Path file, KernelLogOutput out) throws IOException, InputException;

    /**
     * True when {@link #importInto} writes the file unchanged, so the experiment's kernel log is the file itself and
     * nothing more is kept; otherwise (the default: the importer converts) the file is kept byte for byte beside it,
     * in the experiment's {@code source/} folder, with what it holds besides the kernel log.
     */
    default boolean copiesUnchanged() {
        return false;
    }
}
