package org.wqlab.analysis.trace.importer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

import org.wqlab.core.model.InputException;
import org.wqlab.klog.importer.LogHead;

/**
 * One trace format wqlab can take as an experiment's {@code trace.log} (the ftrace text that
 * {@link org.wqlab.analysis.trace.FtraceParser} reads): ftrace's own text, another tool's report. Each is an OSGi
 * service under this interface; {@link TraceImporters} asks them which reads a file, by content.
 */
public interface TraceImporter {

    /** Stable id, for example {@code trace-cmd-report}. */
    String id();

    /** What a user calls the format; error messages list these. */
    String name();

    /** Whether this importer reads the file, from {@code head} (its first bytes), never its name. */
    boolean reads(Path file, LogHead head);

    /**
     * Writes the file as ftrace text into {@code out}. Returns a sentence for the experiment's notes, or "". Bad
     * content is an {@link InputException} naming the file and line.
     */
    String importInto(Path file, OutputStream out) throws IOException, InputException;
}
