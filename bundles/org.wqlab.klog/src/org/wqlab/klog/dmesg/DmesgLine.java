package org.wqlab.klog.dmesg;

/**
 * One line of a recorded kernel log as dmesg prints it.
 *
 * @param text  {@code [  290.337837] DELAY: 1929} for a {@code /dev/kmsg} record; a continuation line (the record's
 *              {@code KEY=value} dictionary) or a line in another format unchanged
 * @param level the record's level; null for a line that is not a {@code /dev/kmsg} record
 * @param kind  what the line was
 */
public record DmesgLine(String text, KernelLevel level, Kind kind) {

    public enum Kind {
        /** A {@code /dev/kmsg} record, reformatted. */
        RECORD,
        /** A line starting with a space after a record: its dictionary ({@code SUBSYSTEM=usb}), dmesg hides it. */
        CONTINUATION,
        /** Anything else (an imported dmesg, journal or console log): kept as it is. */
        OTHER
    }
}
