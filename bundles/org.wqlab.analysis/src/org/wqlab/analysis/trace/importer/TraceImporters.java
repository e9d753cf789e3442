package org.wqlab.analysis.trace.importer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.klog.importer.LogHead;

/**
 * The trace importers, asked in order which reads a file: other bundles' services first (by id), then the built-in
 * {@code trace-cmd-report} and last {@code ftrace}, which takes any text.
 */
public record TraceImporters(List<TraceImporter> all) {

    /** The file kept beside {@code trace.log}: the imported trace byte for byte. */
    public static final String SOURCE = "trace.source";

    public TraceImporters {
        all = List.copyOf(all);
    }

    /** The built-in ones. */
    public static TraceImporters builtIn() {
        return of(List.of());
    }

    /** The given importers before the built-in ones; an id given replaces the built-in one of that id. */
    public static TraceImporters of(Collection<? extends TraceImporter> others) {
        Map<String, TraceImporter> byId = new LinkedHashMap<>();
        others.stream().sorted((a, b) -> a.id().compareTo(b.id())).forEach(i -> byId.putIfAbsent(i.id(), i));
        for (TraceImporter builtIn : List.of(new TraceCmdReport(), new FtraceText())) {
            byId.putIfAbsent(builtIn.id(), builtIn);
        }
        List<TraceImporter> ordered = new ArrayList<>(byId.values());
        // the catch-all stays last whoever provides it
        ordered.sort((a, b) -> Boolean.compare(a.id().equals("ftrace"), b.id().equals("ftrace")));
        return new TraceImporters(ordered);
    }

    /** The importers registered as OSGi services now, with the built-in ones; outside OSGi the built-in ones. */
    public static TraceImporters installed() {
        try {
            Bundle bundle = FrameworkUtil.getBundle(TraceImporters.class);
            BundleContext context = bundle == null ? null : bundle.getBundleContext();
            if (context == null) {
                return builtIn();
            }
            List<TraceImporter> found = new ArrayList<>();
            for (ServiceReference<TraceImporter> ref : context.getServiceReferences(TraceImporter.class, null)) {
                TraceImporter importer = context.getService(ref);
                if (importer != null) {
                    found.add(importer);
                }
            }
            return of(found);
        } catch (NoClassDefFoundError | InvalidSyntaxException e) {
            return builtIn();
        }
    }

    /** The first importer that reads the file, or an error naming the file and the formats tried. */
    public TraceImporter readerOf(Path file) throws InputException {
        LogHead head;
        try {
            head = LogHead.of(file);
        } catch (IOException e) {
            throw new InputException(file, 0, "cannot read: " + e.getMessage(), e);
        }
        for (TraceImporter importer : all) {
            if (importer.reads(file, head)) {
                return importer;
            }
        }
        String tried = all.stream().map(i -> i.name() + " (" + i.id() + ")").collect(Collectors.joining(", "));
        throw new InputException(file, head.isBinary() ? head.firstBinaryLine() : 0,
                (head.isBinary() ? "binary data, not a trace text" : "a trace format no installed importer reads")
                        + "; formats tried: " + tried);
    }

    /**
     * Makes {@code file} the experiment's trace: {@code trace.log} in ftrace text and the file itself, byte for byte,
     * as {@link #SOURCE}; the experiment's notes gain a sentence naming the file and its format, which is returned.
     */
    public String importInto(ExperimentFolder folder, Path file) throws InputException, IOException {
        if (!Files.isRegularFile(file)) {
            throw new InputException(file, 0, Files.exists(file) ? "not a regular file" : "no such file");
        }
        TraceImporter importer = readerOf(file);
        Path trace = AnalysisFiles.traceLog(folder);
        Path partial = trace.resolveSibling(trace.getFileName() + ".part");
        String note;
        try (OutputStream out = Files.newOutputStream(partial)) {
            note = importer.importInto(file, out);
        } catch (IOException | InputException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        Files.copy(file, folder.dir().resolve(SOURCE), StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, trace, StandardCopyOption.REPLACE_EXISTING);
        String sentence = "trace imported from " + file.toAbsolutePath() + " (" + importer.name() + ")"
                + (note.isEmpty() ? "" : "; " + note);
        ExperimentMetadata metadata = folder.readMetadata();
        String notes = metadata.notes().isEmpty() ? sentence
                : metadata.notes() + "; " + sentence;
        folder.writeMetadata(metadata.withNotes(notes));
        return sentence;
    }
}
