package org.wqlab.ui.experiments.editor;

import java.io.IOException;
import java.util.Locale;

import org.eclipse.core.runtime.IProgressMonitor;
import org.wqlab.klog.dmesg.DmesgFormat;

/** The search of the Raw log tab: a line whose text, as recorded or as dmesg prints it, contains the text sought. */
final class LogSearch {

    private LogSearch() {
    }

    /**
     * The first line (0-based) at or after {@code from} that contains {@code wanted}, ignoring case, going on at the
     * top after the last line; -1 if none does. Reads the file through a channel of its own.
     */
    static int find(LogLines lines, String wanted, int from, IProgressMonitor monitor) throws IOException {
        String needle = wanted.toLowerCase(Locale.ROOT);
        try (LogLines own = lines.reopen()) {
            return own.scan(from, own.count(), (line, text) -> matches(text, needle), monitor);
        }
    }

    static boolean matches(String raw, String needle) {
        return raw.toLowerCase(Locale.ROOT).contains(needle)
                || DmesgFormat.format(raw).text().toLowerCase(Locale.ROOT).contains(needle);
    }
}
