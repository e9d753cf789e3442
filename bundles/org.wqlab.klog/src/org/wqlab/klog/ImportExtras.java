package org.wqlab.klog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.wqlab.core.store.ExperimentFolder;

/**
 * What an import adds to the experiment besides the log it reads: board facts, and files written beside the kernel
 * log (a LAVA job's definition, say). Both are written into the import's staging folder, so the experiment appears
 * with them or not at all.
 *
 * @param origin where the log came from, for the notes ("LAVA job 6 at URL"); "" for the file's own path (a caller
 *               that wrote the log to a temporary file names where it got it)
 * @param facts  board facts, added to those the import records
 * @param files  file name (a plain name, no folder) to content
 */
public record ImportExtras(String origin, Map<String, String> facts, Map<String, byte[]> files) {

    public static final ImportExtras NONE = new ImportExtras("", Map.of(), Map.of());

    private static final Set<String> TAKEN = Set.of(ExperimentFolder.KERNEL_LOG, ExperimentFolder.METADATA,
            ExperimentFolder.SOURCE);

    public ImportExtras {
        origin = origin == null ? "" : origin;
        facts = Map.copyOf(facts);
        for (String name : files.keySet()) {
            if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.startsWith(".")
                    || TAKEN.contains(name)) {
                throw new IllegalArgumentException("not a file name an import may add: '" + name + "'");
            }
        }
        files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
    }
}
