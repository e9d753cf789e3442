package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.InputException;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;

/**
 * Seeded generator of mutated kernel log lines. Each input is one line fed in random chunks; the parser must not
 * throw and must account for it exactly once. The default run does {@link #SHORT_INPUTS}; the long run (at least a
 * million inputs) runs only with {@code -Dwqlab.fuzz.long=true} (count: {@code -Dwqlab.fuzz.inputs=N}).
 */
class KlogFuzzTest {

    static final int SHORT_INPUTS = 1_000_000;

    private static final String[] SEEDS = {
        "[ 1437.517603] DELAY: 10",
        "[ 1602.100410] DELAY: -1",
        "<2>[ 2008.922001] [    C0] latency_mon: cpu=0 seq=3 delay_us=6781904",
        "[ 2001.000112] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1",
        "[ 2011.500000] latency_mon: stop",
        "[ 1440.210777] usb 2-1: USB disconnect, device number 2",
        "[ 2.334611] usb 2-1: new high-speed USB device number 2 using ehci-platform",
        "[ 1441.000400] workqueue: flush_to_ldisc hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND",
        "[ 1560.016010] BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 42s!",
        "[Sun Nov 29 20:25:03 2026] DELAY: 10",
        "Nov 29 20:25:03 salvator-x kernel: DELAY: 10",
        "[ 2001.104230] salvator-x kernel: latency_mon: cpu=0 seq=1 delay_us=4118",
        "2026-11-29T21:25:07+01:00 salvator-x kernel: usb 2-1: USB disconnect, device number 2",
        "2026-11-29T20:25:16,500000+00:00 DELAY: 13",
        "6,1023,2001104230,-;latency_mon: cpu=0 seq=1 delay_us=4118",
        " SUBSYSTEM=usb",
        "\u001b[01;32mroot@salvator-x\u001b[00m:~# [ 1437.517603] DELAY: 10\r",
        "DELAY: 6782",
        "<2>DELAY: 12",
        "[    0.000000][    T0] Booting Linux on physical CPU 0x0",
        // real-world captures: terminal editing, damaged prefixes, root hubs, boots, year-less dates
        "Hit any key to stop autoboot:  2 \b\b\b 1 \b\b\b 0 ",
        "root@board:~# lsx\b\u001b[1P",
        "root@board:~# dmesg | gre usb\b\b\b\b\u001b[1@p",
        "Loading: 10%\rLoading: 100%\u001b[K\u001b[2K\u001b[3X\u001b[5C\u001b[2D\u001b[4G",
        "root@board:~# \r[   12.000000] DELAY: 15",
        "\u001b]0;minicom\u0007\u001b(B[ 1.000000] thermal: 42 \u00b0C",
        "09544][    C0] BUG: workqueue lockup - pool cpus=0-3 flags=0x4 nice=0 stuck for 32s!",
        "545.5] usb 1-1: USB disconnect, device number 4",
        "[  100.000000] usb usb3: USB disconnect, device number 1",
        "-- Boot 5a2b0e1f7d3c4a19b8e6f0d2c4a6b8e0 --",
        "-- Reboot --",
        "-- Logs begin at Tue 2024-12-31 23:00:00 UTC, end at Wed 2025-01-01 00:10:00 UTC. --",
        "Dec  5 09:00:00 board kernel: [    0.000000] Linux version 6.1.0-13-arm64",
        "Jan  1 00:00:02 board kernel: DELAY: 11",
        "[   72.000040]     in-flight: 57:hub_event",
        // the watchdog's busy-pool dump after a lockup (read into the lockup's event by LogContentSink)
        "[   72.000020] Showing busy workqueues and worker pools:",
        "[   72.000030] workqueue events: flags=0x0",
        "[   72.000040]   pwq 0: cpus=0 node=0 flags=0x0 nice=0 active=2/256 refcnt=3",
        "[   72.000060]     pending: vmstat_shepherd, 2*lru_add_drain_per_cpu BAR(88)",
        "[   72.000130] pool 0: cpus=0 node=0 flags=0x0 nice=0 hung=31s workers=3 idle: 5 6",
    };
    private static final byte[] INTERESTING = ("[]<>,;:=.- 0123456789-\u001b\r\t\0DELAY: latency_mon: cpu=seq=delay_us="
            + "\b\u0007\u007f\u00c3\u00e2\u00f0\u00ff@PKXCDGm-- Boot Reboot usb usb3")
            .getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void shortRun() {
        fuzz(1, SHORT_INPUTS);
    }

    @Test
    void longRun() {
        Assumptions.assumeTrue(Boolean.getBoolean("wqlab.fuzz.long"), "set -Dwqlab.fuzz.long=true to run");
        fuzz(Long.getLong("wqlab.fuzz.seed", 2), Integer.getInteger("wqlab.fuzz.inputs", 1_000_000));
    }

    /**
     * Whole logs written to files and read as an import reads them, with clock jumps (a reboot, a step back between
     * reports), lines longer than {@link KlogParser#MAX_LINE} and numbers far past every range, mutated like the
     * lines above. On every output: no negative duration, no window ending before it starts, line numbers matching
     * the input.
     */
    @Test
    void wholeLogsWithTimeJumpsLongLinesAndHugeNumbersKeepTheInvariants(@TempDir Path dir) throws Exception {
        Random r = new Random(17);
        int logs = 400;
        int longLines = 0;
        for (int k = 0; k < logs; k++) {
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            long lines = 0;
            long clockUs = 1_000_000L + r.nextInt(1_000_000_000);
            int count = 5 + r.nextInt(60);
            for (int i = 0; i < count; i++) {
                clockUs = nextClock(clockUs, r);
                byte[] line;
                if (r.nextInt(200) == 0 && longLines < 6) {
                    longLines++;
                    line = longLine(r);
                } else {
                    line = mutate(timedLine(clockUs, r), r);
                }
                log.write(line, 0, line.length);
                lines += count(line, (byte) '\n') + 1;
                log.write('\n');
            }
            Path file = dir.resolve("kernel-" + k + ".log");
            Files.write(file, log.toByteArray());
            LogContent content;
            try {
                content = KlogFiles.read(file);
            } catch (InputException binary) {
                if (!binary.getMessage().contains(file.toString())) {
                    fail("log " + k + ": the error does not name the file: " + binary.getMessage());
                }
                continue;
            }
            checkInvariants("log " + k, content, lines);
        }
        assertTrue(longLines > 0, "no long line was generated");
    }

    private static long nextClock(long clockUs, Random r) {
        return switch (r.nextInt(20)) {
            case 0 -> r.nextInt(5_000_000); // a reboot: uptime starts again
            case 1 -> Math.max(0, clockUs - r.nextInt(100_000_000)); // a step back
            case 2 -> clockUs + 70_000_000L; // past a disconnect's window
            default -> clockUs + r.nextInt(3_000_000);
        };
    }

    private static final String[] TIMED = {
        "DELAY: %s", "latency_mon: cpu=0 seq=%s delay_us=%s", "latency_mon: start cpu=all period_ms=100"
                + " threshold_ms=%s report_all=%s", "usb 2-1: USB disconnect, device number %s",
        "latency_mon: cpu=1 seq=%s delay_us=%s", "usb 2-1: new high-speed USB device number %s using ehci-platform",
    };

    private static byte[] timedLine(long clockUs, Random r) {
        String body = TIMED[r.nextInt(TIMED.length)];
        Object[] numbers = { number(r), number(r) };
        String stamp = String.format(java.util.Locale.ROOT, "[%5d.%06d] ", clockUs / 1_000_000, clockUs % 1_000_000);
        if (r.nextInt(40) == 0) {
            stamp = "[" + "9".repeat(1 + r.nextInt(25)) + "." + "9".repeat(1 + r.nextInt(10)) + "] ";
        }
        return (stamp + String.format(java.util.Locale.ROOT, body, numbers)).getBytes(StandardCharsets.US_ASCII);
    }

    private static String number(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> "18446744073709552"; // past 2^64 / 1000
            case 1 -> "9".repeat(1 + r.nextInt(30));
            case 2 -> "-" + r.nextInt(Integer.MAX_VALUE);
            case 3 -> Long.toString(Long.MAX_VALUE);
            default -> Integer.toString(r.nextInt(20_000));
        };
    }

    private static byte[] longLine(Random r) {
        byte[] line = new byte[KlogParser.MAX_LINE + 1 + r.nextInt(2 * KlogParser.MAX_LINE)];
        byte[] start = "[ 1437.517603] DELAY: 10 ".getBytes(StandardCharsets.US_ASCII);
        java.util.Arrays.fill(line, (byte) 'x');
        System.arraycopy(start, 0, line, 0, start.length);
        return line;
    }

    private static void checkInvariants(String what, LogContent content, long inputLines) {
        assertEquals(inputLines, content.totalLines(), what + ": line count");
        SampleStore s = content.samples();
        long lastLine = 0;
        for (int i = 0; i < s.size(); i++) {
            if (s.line(i) <= lastLine || s.line(i) > inputLines) {
                fail(what + ": sample line " + s.line(i) + " after " + lastLine + " of " + inputLines);
            }
            lastLine = s.line(i);
        }
        for (Event e : content.events()) {
            if (e.line() < 1 || e.line() > inputLines) {
                fail(what + ": event at line " + e.line() + " of " + inputLines);
            }
        }
        for (Anomaly a : content.anomalies()) {
            if (a.line() < 1 || a.line() > inputLines) {
                fail(what + ": anomaly at line " + a.line() + " of " + inputLines);
            }
        }
        Statistics st = StatisticsCalculator.compute(content);
        for (DisconnectImpact d : st.disconnects()) {
            if (d.recoveryUs() != null && d.recoveryUs() < 0) {
                fail(what + ": negative recovery " + d);
            }
            if (d.timestampUs() != LogEntry.NO_TIME && d.windowEndUs() < d.timestampUs()) {
                fail(what + ": window ends before it starts " + d);
            }
            if (d.recoveryUs() == null && d.worstDelayUs() != null && d.recoveryBasis().isEmpty()) {
                fail(what + ": unknown recovery without a reason " + d);
            }
        }
    }

    static void fuzz(long seed, int inputs) {
        Random r = new Random(seed);
        List<byte[]> seeds = new ArrayList<>();
        for (String s : SEEDS) {
            seeds.add(s.getBytes(StandardCharsets.UTF_8));
        }
        CountingSink sink = new CountingSink();
        KlogParser parser = new KlogParser(sink);
        long expectedLines = 0;
        for (int i = 0; i < inputs; i++) {
            byte[] line = mutate(seeds.get(r.nextInt(seeds.size())), r);
            ByteArrayOutputStream input = new ByteArrayOutputStream(line.length + 1);
            input.write(line, 0, line.length);
            input.write('\n');
            byte[] bytes = input.toByteArray();
            expectedLines += count(bytes, (byte) '\n');
            int at = 0;
            try {
                while (at < bytes.length) {
                    int n = Math.min(bytes.length - at, 1 + r.nextInt(bytes.length + 1));
                    parser.feed(bytes, at, n);
                    at += n;
                }
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + " input " + i + ": "
                        + new String(line, StandardCharsets.ISO_8859_1), e);
            }
            if (sink.calls != expectedLines || parser.lines() != expectedLines) {
                fail("seed " + seed + " input " + i + ": " + sink.calls + " sink calls for " + expectedLines
                        + " lines: " + new String(line, StandardCharsets.ISO_8859_1));
            }
            if (sink.lastLine != expectedLines) {
                fail("line numbers out of step at input " + i);
            }
            if (i % 10_000 == 9_999) {
                sink.checkContent();
            }
        }
        parser.finish();
        assertEquals(expectedLines, sink.calls);
        sink.checkContent();
    }

    private static byte[] mutate(byte[] seed, Random r) {
        byte[] b = seed.clone();
        int mutations = r.nextInt(4);
        for (int m = 0; m < mutations; m++) {
            int kind = r.nextInt(7);
            int pos = b.length == 0 ? 0 : r.nextInt(b.length);
            switch (kind) {
                case 0 -> { // flip to an interesting byte
                    if (b.length > 0) {
                        b[pos] = INTERESTING[r.nextInt(INTERESTING.length)];
                    }
                }
                case 1 -> { // random byte (may be a newline: then the input is two lines)
                    if (b.length > 0) {
                        b[pos] = (byte) r.nextInt(256);
                    }
                }
                case 2 -> b = java.util.Arrays.copyOf(b, pos); // truncate
                case 3 -> { // delete a range
                    int len = Math.min(b.length - pos, 1 + r.nextInt(8));
                    byte[] c = new byte[b.length - len];
                    System.arraycopy(b, 0, c, 0, pos);
                    System.arraycopy(b, pos + len, c, pos, b.length - pos - len);
                    b = c;
                }
                case 4 -> { // insert digits (overflow numbers)
                    byte[] digits = new byte[1 + r.nextInt(25)];
                    for (int k = 0; k < digits.length; k++) {
                        digits[k] = (byte) ('0' + r.nextInt(10));
                    }
                    b = insert(b, pos, digits);
                }
                case 5 -> b = insert(b, pos, SEEDS[r.nextInt(SEEDS.length)].getBytes(StandardCharsets.UTF_8));
                default -> { // duplicate a range
                    int len = Math.min(b.length - pos, 1 + r.nextInt(16));
                    byte[] part = java.util.Arrays.copyOfRange(b, pos, pos + len);
                    b = insert(b, pos, part);
                }
            }
        }
        return b;
    }

    private static byte[] insert(byte[] b, int pos, byte[] part) {
        byte[] c = new byte[b.length + part.length];
        System.arraycopy(b, 0, c, 0, pos);
        System.arraycopy(part, 0, c, pos, part.length);
        System.arraycopy(b, pos, c, pos + part.length, b.length - pos);
        return c;
    }

    private static int count(byte[] b, byte x) {
        int n = 0;
        for (byte v : b) {
            if (v == x) {
                n++;
            }
        }
        return n;
    }

    /**
     * Counts calls and checks each line number comes exactly once, in order (a boot found by the clock going back
     * follows its line's own result).
     */
    /** Counts and checks every call, and hands each on to a {@link LogContentSink} (its lockup dumps included). */
    static final class CountingSink implements KlogSink {
        long calls;
        long lastLine;
        private LogContentSink content = new LogContentSink();
        private long handedOn;

        /** What the content sink kept since the last check is one result per call (the shared boot event too). */
        void checkContent() {
            LogContent c = content.content(0);
            assertEquals(handedOn, c.samples().size() + c.events().size() + c.anomalies().size() + c.rawLines());
            content = new LogContentSink();
            handedOn = 0;
        }

        private void line(long line) {
            if (line != lastLine + 1) {
                throw new AssertionError("line " + line + " after line " + lastLine);
            }
            lastLine = line;
            calls++;
        }

        @Override
        public void sample(long line, long timestampUs, TimePrecision precision, int delayUs, int cpu, int seq,
                boolean classic) {
            line(line);
            content.sample(line, timestampUs, precision, delayUs, cpu, seq, classic);
            handedOn++;
        }

        @Override
        public void event(Event event) {
            content.event(event);
            handedOn++;
            if (event.kind() == EventKind.BOOT && event.line() == lastLine
                    && "clock went back".equals(event.field("by"))) {
                return; // the one event that shares its line (after that line's own result)
            }
            line(event.line());
        }

        @Override
        public void anomaly(Anomaly anomaly) {
            line(anomaly.line());
            content.anomaly(anomaly);
            handedOn++;
        }

        @Override
        public void raw(long line, byte[] text, int from, int to) {
            if (from < 0 || to < from || to > text.length) {
                throw new AssertionError("bad raw range");
            }
            line(line);
            content.raw(line, text, from, to);
            handedOn++;
        }
    }
}
