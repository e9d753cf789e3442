package org.wqlab.klog.internal.importers;

import java.nio.file.Path;

import org.wqlab.klog.importer.LogHead;

/**
 * Kernel messages without a prefix ({@code printk.time=0}, a log pasted from elsewhere): any text. Asked last, so
 * every other format is tried first; the parser reads an unprefixed line as a kernel message until a prefixed one
 * is seen.
 */
public final class KernelText extends CanonicalTextImporter {

    @Override
    public String id() {
        return "kernel-text";
    }

    @Override
    public String name() {
        return "kernel messages without timestamps";
    }

    @Override
    public boolean reads(Path file, LogHead head) {
        return !head.isBinary();
    }
}
