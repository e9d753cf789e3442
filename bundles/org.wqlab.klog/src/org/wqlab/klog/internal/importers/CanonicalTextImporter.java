package org.wqlab.klog.internal.importers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.wqlab.klog.importer.KernelLogOutput;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;

/**
 * A format the kernel-log parser reads line by line as it is: importing it copies the bytes unchanged (in the
 * parser's 1 MiB chunks), so the experiment's kernel.log is the file. Subclasses only recognise their format.
 */
abstract class CanonicalTextImporter implements LogImporter {

    static final int CHUNK = 1 << 20;
    /** How many of the head's non-blank lines are looked at. */
    private static final int LINES_LOOKED_AT = 200;

    @Override
    public String importInto(Path file, KernelLogOutput out) throws IOException {
        byte[] buf = new byte[CHUNK];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                out.write(buf, 0, n);
            }
        }
        return "";
    }

    @Override
    public boolean copiesUnchanged() {
        return true;
    }

    /** Whether at least one of the head's first lines, and most of those with a prefix at all, match. */
    static boolean mostLinesMatch(LogHead head, Pattern format) {
        List<String> lines = head.lines().stream().filter(l -> !l.isBlank()).limit(LINES_LOOKED_AT).toList();
        long matching = lines.stream().filter(l -> format.matcher(l).lookingAt()).count();
        return matching > 0 && matching * 2 >= lines.size();
    }

    static boolean anyLineMatches(LogHead head, Pattern format) {
        return head.lines().stream().limit(LINES_LOOKED_AT).anyMatch(l -> format.matcher(l).find());
    }
}
