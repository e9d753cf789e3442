package org.wqlab.klog.dmesg;

/** The printk levels ({@code KERN_EMERG} 0 ... {@code KERN_DEBUG} 7), as dmesg names them. */
public enum KernelLevel {
    EMERG, ALERT, CRIT, ERR, WARNING, NOTICE, INFO, DEBUG;

    /** The level of a {@code /dev/kmsg} prefix value (facility * 8 + level). */
    public static KernelLevel ofPrefix(int value) {
        return values()[value & 7];
    }

    /** At least as severe as {@code other} (a smaller number). */
    public boolean atLeast(KernelLevel other) {
        return ordinal() <= other.ordinal();
    }
}
