package org.wqlab.klog.internal.importers;

import java.nio.file.Path;
import java.util.regex.Pattern;

import org.wqlab.klog.importer.LogHead;

/**
 * {@code journalctl -k} text: short ({@code Nov 29 20:24:54 host kernel: }), short-monotonic
 * ({@code [ 2001.000112] host kernel: }) and short-iso(-precise) ({@code 2026-11-29T20:25:03+0000 host kernel: }).
 */
public final class JournalText extends CanonicalTextImporter {

    private static final Pattern LINE = Pattern.compile(
            "(?:[A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?|\\[\\s*\\d+\\.\\d+\\]"
                    + "|\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\S*) \\S+ kernel: ");

    @Override
    public String id() {
        return "journal";
    }

    @Override
    public String name() {
        return "journalctl -k text";
    }

    @Override
    public boolean reads(Path file, LogHead head) {
        return mostLinesMatch(head, LINE);
    }
}
