package org.wqlab.klog.internal.importers;

import java.nio.file.Path;
import java.util.regex.Pattern;

import org.wqlab.klog.importer.LogHead;

/**
 * A serial console capture: CR LF line ends or terminal escapes, with kernel messages ({@code [    0.000000] })
 * between boot loader, prompt and shell output.
 */
public final class SerialCapture extends CanonicalTextImporter {

    private static final Pattern KERNEL_LINE = Pattern.compile("\\[\\s*\\d+\\.\\d+\\] ");

    @Override
    public String id() {
        return "serial";
    }

    @Override
    public String name() {
        return "serial console capture";
    }

    @Override
    public boolean reads(Path file, LogHead head) {
        return (head.hasCrLf() || head.hasEscape()) && !head.isBinary() && anyLineMatches(head, KERNEL_LINE);
    }
}
