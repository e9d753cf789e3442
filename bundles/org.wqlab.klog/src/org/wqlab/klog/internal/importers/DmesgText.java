package org.wqlab.klog.internal.importers;

import java.nio.file.Path;
import java.util.regex.Pattern;

import org.wqlab.klog.importer.LogHead;

/**
 * What {@code dmesg} prints: {@code [ 1558.625517] }, with {@code -r}'s {@code <6>} and CONFIG_PRINTK_CALLER's
 * {@code [  T231]}, {@code -T}'s {@code [Sun Nov 29 20:01:13 2026] } and {@code --time-format iso}'s
 * {@code 2026-11-29T20:25:03,123456+00:00 }.
 */
public final class DmesgText extends CanonicalTextImporter {

    private static final Pattern PREFIX = Pattern.compile("(?:<\\d{1,3}>)?(?:\\[\\s*\\d+\\.\\d+\\]"
            + "|\\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d \\d{4}\\]"
            + "|\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[,.]\\d+[+-]\\d\\d:?\\d\\d )");

    @Override
    public String id() {
        return "dmesg";
    }

    @Override
    public String name() {
        return "dmesg text (plain, -r, -T, --time-format iso)";
    }

    @Override
    public boolean reads(Path file, LogHead head) {
        return anyLineMatches(head, PREFIX) && !head.isBinary();
    }
}
