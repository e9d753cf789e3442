package org.wqlab.analysis.why;

/**
 * One part of a late interval on its CPU: a work item of the CPU's pool (by function), another task, a hard interrupt
 * or softirq (by name), idle time, or the remainder that none of these explains.
 *
 * @param kind    one of {@link #WORK}, {@link #THREAD}, {@link #HARDIRQ}, {@link #SOFTIRQ}, {@link #IDLE},
 *                {@link #UNEXPLAINED}
 * @param name    the work function ({@code hub_event [usbcore]}), the task's comm, the interrupt's name
 *                ({@code xhci-hcd:usb1}), the softirq's action ({@code TIMER}), "idle" or "unexplained"
 * @param percent of the delay
 */
public record DelayPart(String kind, String name, long us, double percent) {

    public static final String WORK = "work";
    public static final String THREAD = "thread";
    public static final String HARDIRQ = "hardirq";
    public static final String SOFTIRQ = "softirq";
    public static final String IDLE = "idle";
    public static final String UNEXPLAINED = "unexplained";

    /** How a kind reads in a table or a sentence. */
    public static String label(String kind) {
        return switch (kind) {
            case WORK -> "work item";
            case THREAD -> "other task";
            case HARDIRQ -> "hard IRQ";
            case SOFTIRQ -> "softirq";
            case IDLE -> "idle";
            default -> "unexplained";
        };
    }
}
