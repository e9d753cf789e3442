package org.wqlab.core.model;

/** How precise a kernel log timestamp is: microseconds (dmesg, kmsg), whole seconds (dmesg -T, journal), none. */
public enum TimePrecision {
    US, SECOND, NONE;

    private static final TimePrecision[] VALUES = values();

    public static TimePrecision ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }
}
