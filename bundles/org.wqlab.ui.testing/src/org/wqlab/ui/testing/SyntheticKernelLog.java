package org.wqlab.ui.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes a latency_mon kernel log in the classic=0 format of {@code latency-mon-lines.txt}: a start line, then
 * {@code cpus} CPUs reporting every {@code periodUs} in turn (delays of tens to hundreds of us with a few ms spikes
 * every 50 000 reports), a USB disconnect at 60 % of the run followed by the run's largest delay
 * ({@link #LARGEST_US} on CPU 1), a reconnect, and the stop line.
 */
public final class SyntheticKernelLog {
    public static final int LARGEST_US = 6_781_904;
    public static final long START_US = 1_000_000_000L;

    private final byte[] buf = new byte[1 << 20];
    private int at;

    /** Board time of the sample with the largest delay. */
    public long largestAtUs;

    public void write(OutputStream out, long samples, int cpus, long periodUs) throws IOException {
        text(out, START_US - 1000, "latency_mon: start cpu=all period_ms=1 threshold_ms=9 report_all=1");
        long disconnectAt = samples * 6 / 10;
        int[] seq = new int[cpus];
        for (long n = 0; n < samples; n++) {
            int cpu = (int) (n % cpus);
            long t = START_US + n * periodUs / cpus;
            if (n == disconnectAt) {
                text(out, t - 1, "usb 2-1: USB disconnect, device number 5");
            }
            int delay = (int) (20 + (n * 7919) % 400);
            if (n % 50_000 == 49_999) {
                delay = 3_000 + (int) (n % 5_000);
            }
            if (n == disconnectAt + 1001) { // CPU 1 stalls after the pull
                delay = LARGEST_US;
                largestAtUs = t;
            }
            if (n == disconnectAt + 400_001) {
                text(out, t - 1, "usb 2-1: new high-speed USB device number 6 using ehci-platform");
            }
            sample(out, t, cpu, ++seq[cpu], delay);
        }
        text(out, START_US + samples * periodUs / cpus + 1000, "latency_mon: stop");
        out.write(buf, 0, at);
        at = 0;
    }

    private void sample(OutputStream out, long tUs, int cpu, int seq, int delay) throws IOException {
        flushIfFull(out);
        prefix(tUs);
        ascii("latency_mon: cpu=");
        number(cpu);
        ascii(" seq=");
        number(seq);
        ascii(" delay_us=");
        number(delay);
        buf[at++] = '\n';
    }

    private void text(OutputStream out, long tUs, String message) throws IOException {
        flushIfFull(out);
        prefix(tUs);
        byte[] b = message.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, buf, at, b.length);
        at += b.length;
        buf[at++] = '\n';
    }

    private void prefix(long tUs) {
        buf[at++] = '[';
        long s = tUs / 1_000_000;
        for (int w = Long.toString(s).length(); w < 5; w++) {
            buf[at++] = ' ';
        }
        number(s);
        buf[at++] = '.';
        long us = tUs % 1_000_000;
        for (long d = 100_000; d > 0; d /= 10) {
            buf[at++] = (byte) ('0' + us / d % 10);
        }
        buf[at++] = ']';
        buf[at++] = ' ';
    }

    private void flushIfFull(OutputStream out) throws IOException {
        if (at > buf.length - 256) {
            out.write(buf, 0, at);
            at = 0;
        }
    }

    private void ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            buf[at++] = (byte) s.charAt(i);
        }
    }

    private void number(long v) {
        if (v < 0) {
            buf[at++] = '-';
            v = -v;
        }
        long d = 1;
        while (d <= v / 10) {
            d *= 10;
        }
        for (; d > 0; d /= 10) {
            buf[at++] = (byte) ('0' + v / d % 10);
        }
    }
}
