package org.wqlab.klog.internal.importers;

import java.nio.file.Path;
import java.util.regex.Pattern;

import org.wqlab.klog.importer.LogHead;

/** Raw {@code /dev/kmsg} records ({@code 6,1023,2001104230,-;message}) with their {@code KEY=value} lines. */
public final class KmsgRecords extends CanonicalTextImporter {

    private static final Pattern RECORD = Pattern.compile("\\d{1,4},\\d+,\\d+,[^;]*;");

    @Override
    public String id() {
        return "kmsg";
    }

    @Override
    public String name() {
        return "/dev/kmsg records";
    }

    @Override
    public boolean reads(Path file, LogHead head) {
        return mostLinesMatch(head, RECORD);
    }
}
