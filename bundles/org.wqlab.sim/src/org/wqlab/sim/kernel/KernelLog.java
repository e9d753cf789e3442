package org.wqlab.sim.kernel;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.wqlab.sim.EventLoop;

/** The kernel's printk ring: records with sequence number, level and virtual-time stamp, rendered as dmesg does. */
public final class KernelLog {

    public static final int CRIT = 2;
    public static final int ERR = 3;
    public static final int WARNING = 4;
    public static final int NOTICE = 5;
    public static final int INFO = 6;

    /** One printk record. {@code facility} is 0 for the kernel. */
    public record Entry(long seq, long timeNs, int level, String text) {

        /** {@code [ 1558.625517] DELAY: 6782}, as {@code dmesg} prints it. */
        public String dmesgLine() {
            return "[" + stamp(timeNs) + "] " + text;
        }

        /** A {@code /dev/kmsg} record: {@code <level>,<seq>,<usec>,-;<text>}. */
        public String kmsgRecord() {
            return level + "," + seq + "," + (timeNs / 1000) + ",-;" + text;
        }

        public static String stamp(long ns) {
            long us = ns / 1000;
            return String.format("%5d.%06d", us / 1_000_000, us % 1_000_000);
        }
    }

    /** Records kept, like the kernel's bounded ring buffer: older ones are overwritten (their seq numbers stay used). */
    public static final int CAPACITY = 1 << 17;

    private final EventLoop loop;
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private long nextSeq;
    private final List<Consumer<Entry>> listeners = new CopyOnWriteArrayList<>();

    KernelLog(EventLoop loop) {
        this.loop = loop;
    }

    public Entry print(int level, String text) {
        Entry e = new Entry(nextSeq++, loop.now(), level, text);
        if (entries.size() >= CAPACITY) {
            entries.pollFirst();
        }
        entries.addLast(e);
        for (Consumer<Entry> l : listeners) {
            l.accept(e);
        }
        return e;
    }

    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** The sequence number the next record will get. */
    public long nextSeq() {
        return nextSeq;
    }

    public void clear() {
        entries.clear();
    }

    /** For {@code dmesg -w}: called for each new record, at its virtual time. */
    public void addListener(Consumer<Entry> listener) {
        listeners.add(listener);
    }

    public void removeListener(Consumer<Entry> listener) {
        listeners.remove(listener);
    }

    public List<String> dmesgLines() {
        return entries.stream().map(Entry::dmesgLine).toList();
    }
}
