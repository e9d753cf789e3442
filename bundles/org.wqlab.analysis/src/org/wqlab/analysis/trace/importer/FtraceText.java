package org.wqlab.analysis.trace.importer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.wqlab.klog.importer.LogHead;

/** ftrace's own text ({@code trace}, {@code trace_pipe}): already what the parser reads, copied unchanged. */
public final class FtraceText implements TraceImporter {

    @Override
    public String id() {
        return "ftrace";
    }

    @Override
    public String name() {
        return "ftrace text (trace, trace_pipe)";
    }

    @Override
    public boolean reads(Path file, LogHead head) {
        return !head.isBinary();
    }

    @Override
    public String importInto(Path file, OutputStream out) throws IOException {
        Files.copy(file, out);
        return "";
    }
}
