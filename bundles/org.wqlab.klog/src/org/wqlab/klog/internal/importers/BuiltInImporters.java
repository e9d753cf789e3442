package org.wqlab.klog.internal.importers;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import org.wqlab.klog.importer.LogImporter;

/** The formats this bundle brings, and the order importers are asked in. */
public final class BuiltInImporters {

    /**
     * Asked after other bundles' importers (whose formats, a LAVA job log or a trace report, are containers holding
     * lines these would take), most specific first: a serial capture holds dmesg lines, so it is asked before dmesg.
     */
    public static final List<String> ORDER = List.of("kmsg", "journal", "serial", "dmesg");
    /** Reads any text, so it is asked after every other importer, including other bundles' ones. */
    public static final String LAST = "kernel-text";

    private static final Comparator<LogImporter> ASKED = Comparator.comparingInt((LogImporter i) -> {
        if (i.id().equals(LAST)) {
            return ORDER.size() + 1;
        }
        int at = ORDER.indexOf(i.id());
        return at < 0 ? -1 : at;
    }).thenComparing(LogImporter::id);

    private BuiltInImporters() {
    }

    /** New instances of the built-in importers, for a plain JVM without the service registry. */
    public static List<LogImporter> all() {
        return sorted(List.of(new KmsgRecords(), new JournalText(), new SerialCapture(), new DmesgText(),
                new KernelText()));
    }

    public static List<LogImporter> sorted(Collection<? extends LogImporter> importers) {
        return importers.stream().map(LogImporter.class::cast).sorted(ASKED).toList();
    }

    /** Ids of every built-in importer. */
    public static List<String> ids() {
        return java.util.stream.Stream.concat(ORDER.stream(), java.util.stream.Stream.of(LAST)).toList();
    }
}
