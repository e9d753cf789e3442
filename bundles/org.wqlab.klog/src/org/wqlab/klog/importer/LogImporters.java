package org.wqlab.klog.importer;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.wqlab.core.model.InputException;
import org.wqlab.klog.internal.importers.BuiltInImporters;
import org.wqlab.klog.internal.importers.InstalledLogImporters;

/** A set of log importers, asked in order which one reads a file. */
public interface LogImporters {

    /**
     * The importers in the order they are asked: other bundles' formats by id (containers such as a LAVA job log,
     * which hold lines the built-in text formats would take), then the built-in specific formats
     * ({@link BuiltInImporters#ORDER}), and last the built-in {@code kernel-text}, which reads any text.
     */
    List<LogImporter> all();

    /** The first importer that reads the file, or a clear error naming the file and the formats tried. */
    default LogImporter readerOf(Path file, LogHead head) throws InputException {
        List<LogImporter> all = all();
        for (LogImporter importer : all) {
            if (importer.reads(file, head)) {
                return importer;
            }
        }
        String tried = all.stream().map(i -> i.name() + " (" + i.id() + ")").collect(Collectors.joining(", "));
        String why = head.isBinary() ? "binary data, not a kernel log text" : "a format no installed importer reads";
        throw new InputException(file, head.isBinary() ? head.firstBinaryLine() : 0,
                why + "; formats tried: " + (tried.isEmpty() ? "none installed" : tried));
    }

    default Optional<LogImporter> byId(String id) {
        return all().stream().filter(i -> i.id().equals(id)).findFirst();
    }

    /**
     * The importers registered as OSGi services now (a bundle that brings a format adds it by registering one);
     * outside an OSGi framework (a plain JVM, the benchmarks) the built-in ones.
     */
    static LogImporters installed() {
        try {
            LogImporters osgi = InstalledLogImporters.instance();
            if (osgi != null) {
                return osgi;
            }
        } catch (NoClassDefFoundError e) {
            // no OSGi framework classes on the class path
        }
        return of(BuiltInImporters.all());
    }

    /** A fixed set, asked in the same order as {@link #installed()}'s. */
    static LogImporters of(Collection<? extends LogImporter> importers) {
        List<LogImporter> fixed = BuiltInImporters.sorted(importers);
        return () -> fixed;
    }
}
