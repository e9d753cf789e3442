package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.AnomalyKind;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.RawContext;
import org.wqlab.core.model.Sample;
import org.wqlab.core.model.TimePrecision;

class KlogParserTest {

    static byte[] resource(String name) throws IOException {
        try (InputStream in = KlogParserTest.class.getResourceAsStream("/testdata/" + name)) {
            assertNotNull(in, "test data " + name);
            return in.readAllBytes();
        }
    }

    static List<LogEntry> parse(byte[] bytes) {
        EntryCollector c = new EntryCollector();
        KlogParser p = new KlogParser(c);
        p.feed(bytes);
        p.finish();
        return c.entries();
    }

    static List<LogEntry> parseInChunks(byte[] bytes, Random random, int maxChunk) {
        EntryCollector c = new EntryCollector();
        KlogParser p = new KlogParser(c);
        int i = 0;
        while (i < bytes.length) {
            int n = Math.min(bytes.length - i, 1 + random.nextInt(maxChunk));
            byte[] copy = new byte[n + 10]; // chunk at an offset inside a bigger array
            System.arraycopy(bytes, i, copy, 5, n);
            p.feed(copy, 5, n);
            i += n;
        }
        p.finish();
        return c.entries();
    }

    static String kinds(List<LogEntry> entries) {
        StringBuilder sb = new StringBuilder();
        for (LogEntry e : entries) {
            sb.append(switch (e) {
                case Sample s -> 'S';
                case Event ev -> 'E';
                case Anomaly a -> 'A';
                case RawContext r -> 'R';
            });
        }
        return sb.toString();
    }

    static void assertLinesInOrder(List<LogEntry> entries) {
        for (int i = 0; i < entries.size(); i++) {
            assertEquals(i + 1, entries.get(i).line(), "entry " + i + " has the wrong line");
        }
    }

    static long epochUs(String iso) {
        return Instant.parse(iso).getEpochSecond() * 1_000_000L;
    }

    @ParameterizedTest
    @CsvSource({
        "dmesg-plain.log, RRRRERRRESESESERAAEE",
        "dmesg-r-caller.log, RRERESSSESSSER",
        "dmesg-T.log, RRESESSE",
        "journal-short.log, RRESESRESS",
        "journal-short-monotonic.log, RESSESEE",
        "journal-short-iso.log, ESESRS",
        "kmsg.log, RESERRSSE",
        "serial-capture.log, RRRRRRRRESRRRESRER",
        "printk-time0.log, RRESESSAE",
        "mixed-noise.log, RRESSSAAAAASERRSRR" })
    void everyLineIsClassifiedOnceWhateverTheChunking(String file, String expectedKinds) throws IOException {
        byte[] bytes = resource(file);
        List<LogEntry> whole = parse(bytes);
        assertEquals(expectedKinds, kinds(whole), file);
        assertLinesInOrder(whole);
        Random random = new Random(file.hashCode());
        for (int maxChunk : new int[] { 1, 2, 3, 7, 64, 4096 }) {
            assertEquals(whole, parseInChunks(bytes, random, maxChunk), file + " in chunks of up to " + maxChunk);
        }
    }

    @Test
    void plainDmesgValues() throws IOException {
        List<LogEntry> e = parse(resource("dmesg-plain.log"));
        Event connect = (Event) e.get(4);
        assertEquals(EventKind.USB_CONNECT, connect.kind());
        assertEquals("2-1", connect.subject());
        assertEquals("2", connect.field("device_number"));
        assertEquals("high-speed", connect.field("speed"));
        Event start = (Event) e.get(8);
        assertEquals(EventKind.MODULE_START, start.kind());
        assertEquals("9", start.field("threshold_ms"));
        assertEquals("0", start.field("report_all"));
        assertEquals("0", start.subject());
        assertEquals(new Sample(10, 1437_517_603L, TimePrecision.US, 10_000, -1, -1, true), e.get(9));
        Event pull = (Event) e.get(10);
        assertEquals(EventKind.USB_DISCONNECT, pull.kind());
        assertEquals(1440_210_777L, pull.timestampUs());
        assertEquals("2-1", pull.subject());
        Event hog = (Event) e.get(12);
        assertEquals(EventKind.WORKQUEUE_HOG, hog.kind());
        assertEquals("flush_to_ldisc", hog.subject());
        assertEquals("10000", hog.field("threshold_us"));
        assertEquals("4", hog.field("times"));
        assertEquals(6_782_000, ((Sample) e.get(13)).delayUs());
        Event lockup = (Event) e.get(14);
        assertEquals(EventKind.WORKQUEUE_LOCKUP, lockup.kind());
        assertEquals("cpus=0 node=0 flags=0x0 nice=0", lockup.subject());
        assertEquals("42", lockup.field("stuck_s"));
        assertEquals("Showing busy workqueues and worker pools:",
                ((RawContext) e.get(15)).text().substring("[ 1560.016100] ".length()));
        assertEquals(AnomalyKind.NEGATIVE_DELAY, ((Anomaly) e.get(16)).kind());
        assertEquals("DELAY: -1", ((Anomaly) e.get(16)).message());
        assertEquals(1602_100_410L, ((Anomaly) e.get(16)).timestampUs());
        assertEquals(AnomalyKind.IMPLAUSIBLE_DELAY, ((Anomaly) e.get(17)).kind());
        assertEquals(EventKind.MODULE_STOP, ((Event) e.get(19)).kind());
    }

    @Test
    void priorityAndCallerPrefixes() throws IOException {
        List<LogEntry> e = parse(resource("dmesg-r-caller.log"));
        assertEquals(new Sample(6, 2001_104_230L, TimePrecision.US, 4118, 0, 1, false), e.get(5));
        assertEquals(new Sample(10, 2008_922_001L, TimePrecision.US, 6_781_904, 0, 3, false), e.get(9));
        assertEquals(new Sample(11, 2009_000_550L, TimePrecision.US, -120, 1, 2, false), e.get(10));
        assertEquals("all", ((Event) e.get(4)).subject());
        assertEquals("[ 2012.000000][    T1] console-style caller without a space", ((RawContext) e.get(13)).text());
    }

    @Test
    void dmesgWallClockHasSecondPrecision() throws IOException {
        List<LogEntry> e = parse(resource("dmesg-T.log"));
        Sample first = (Sample) e.get(3);
        assertEquals(TimePrecision.SECOND, first.precision());
        assertEquals(epochUs("2026-11-29T20:25:03Z"), first.timestampUs());
        assertEquals(10_000, first.delayUs());
        assertEquals(epochUs("2026-11-02T08:00:00Z"), ((Sample) e.get(6)).timestampUs());
        assertEquals(epochUs("2026-11-29T20:25:07Z"), ((Event) e.get(4)).timestampUs());
    }

    @Test
    void journalShortHasNoYearButKeepsOrderAcrossNewYear() throws IOException {
        List<LogEntry> e = parse(resource("journal-short.log"));
        Sample s = (Sample) e.get(3);
        assertEquals(TimePrecision.SECOND, s.precision());
        assertEquals(10_000, s.delayUs());
        assertEquals(4_000_000L, ((Event) e.get(4)).timestampUs() - s.timestampUs());
        assertTrue(((RawContext) e.get(6)).text().contains("systemd[1]"));
        assertEquals(2_000_000L, e.get(9) instanceof Sample b && e.get(8) instanceof Sample a
                ? b.timestampUs() - a.timestampUs() : -1);
    }

    @Test
    void syslogLineWithTheKernelsOwnStampUsesIt() {
        List<LogEntry> e = KlogParser.parseAll("Nov 29 20:25:03 salvator-x kernel: [ 1437.517603] DELAY: 10\n"
                + "Nov 29 20:25:04 salvator-x kernel: [ 1438.000001] usb 2-1: USB disconnect, device number 2\n");
        assertEquals(new Sample(1, 1437_517_603L, TimePrecision.US, 10_000, -1, -1, true), e.get(0));
        assertEquals(1438_000_001L, ((Event) e.get(1)).timestampUs());
    }

    @Test
    void journalShortMonotonicKeepsMicroseconds() throws IOException {
        List<LogEntry> e = parse(resource("journal-short-monotonic.log"));
        assertEquals(new Sample(3, 2001_104_230L, TimePrecision.US, 4118, 0, 1, false), e.get(2));
        assertEquals("usb_hub_wq_fn", ((Event) e.get(6)).subject());
    }

    @Test
    void journalShortIsoAppliesTheOffset() throws IOException {
        List<LogEntry> e = parse(resource("journal-short-iso.log"));
        assertEquals(new Sample(2, epochUs("2026-11-29T20:25:03Z"), TimePrecision.SECOND, 10_000, -1, -1, true),
                e.get(1));
        assertEquals(epochUs("2026-11-29T20:25:07Z"), ((Event) e.get(2)).timestampUs());
        assertEquals(new Sample(4, epochUs("2026-11-29T20:25:14Z") + 123_456, TimePrecision.US, 6_782_000, -1, -1,
                true), e.get(3));
        assertEquals(epochUs("2026-11-29T20:25:16Z") + 500_000, ((Sample) e.get(5)).timestampUs());
    }

    @Test
    void kmsgRecordsAndContinuationLines() throws IOException {
        List<LogEntry> e = parse(resource("kmsg.log"));
        assertEquals(new Sample(3, 2001_104_230L, TimePrecision.US, 4118, 0, 1, false), e.get(2));
        assertEquals(" SUBSYSTEM=usb", ((RawContext) e.get(4)).text());
        assertEquals(new Sample(8, 2009_000_000L, TimePrecision.US, 11_000, -1, -1, true), e.get(7));
    }

    @Test
    void serialCaptureStripsEscapesAndIgnoresShellOutput() throws IOException {
        List<LogEntry> e = parse(resource("serial-capture.log"));
        assertEquals(new Sample(10, 1437_517_603L, TimePrecision.US, 10_000, -1, -1, true), e.get(9));
        assertEquals("DELAY: 99", ((RawContext) e.get(12)).text());
        Event pull = (Event) e.get(13);
        assertEquals(EventKind.USB_DISCONNECT, pull.kind());
        assertEquals(1440_210_777L, pull.timestampUs());
        assertEquals("salvator-x login: root", ((RawContext) e.get(5)).text());
        assertEquals("root@salvator-x:~# ", ((RawContext) e.get(17)).text());
    }

    @Test
    void printkTimeZeroKeepsOrderOnly() throws IOException {
        List<LogEntry> e = parse(resource("printk-time0.log"));
        Sample s = (Sample) e.get(3);
        assertEquals(TimePrecision.NONE, s.precision());
        assertEquals(LogEntry.NO_TIME, s.timestampUs());
        assertEquals(12_000, ((Sample) e.get(6)).delayUs());
        assertEquals(AnomalyKind.NEGATIVE_DELAY, ((Anomaly) e.get(7)).kind());
    }

    @Test
    void mixedNoiseMalformedReportsAreAnomalies() throws IOException {
        List<LogEntry> e = parse(resource("mixed-noise.log"));
        assertEquals(new Sample(6, 1001_200_000L, TimePrecision.US, 4200, 0, 2, false), e.get(5));
        for (int i = 6; i <= 10; i++) {
            assertInstanceOf(Anomaly.class, e.get(i), "line " + (i + 1));
        }
        assertEquals(AnomalyKind.IMPLAUSIBLE_DELAY, ((Anomaly) e.get(8)).kind());
        assertEquals(AnomalyKind.MALFORMED_REPORT, ((Anomaly) e.get(10)).kind());
        assertEquals("SuperSpeed Gen 1", ((Event) e.get(12)).field("speed"));
    }

    @Test
    void partialLinesWaitForTheirEnd() {
        EntryCollector c = new EntryCollector();
        KlogParser p = new KlogParser(c);
        p.feed("[ 1.000000] DEL".getBytes(StandardCharsets.US_ASCII));
        assertEquals(0, c.entries().size());
        assertEquals(15, p.pendingBytes());
        p.feed("AY: 5\r".getBytes(StandardCharsets.US_ASCII));
        assertEquals(0, c.entries().size());
        p.feed("\n[ 2.000000] latency_mon: stop".getBytes(StandardCharsets.US_ASCII));
        assertEquals(List.of(new Sample(1, 1_000_000L, TimePrecision.US, 5000, -1, -1, true)), c.entries());
        p.finish();
        assertEquals(2, c.entries().size());
        assertEquals(EventKind.MODULE_STOP, ((Event) c.entries().get(1)).kind());
        p.finish();
        assertEquals(2, p.lines());
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "\n", "\n\n\n", "x", "\r\n", "\u001b", "\u001b[", "[", "<", "<1>", "6,", "[ 1.5]" })
    void degenerateInputsAreStillAccountedFor(String text) {
        List<LogEntry> entries = KlogParser.parseAll(text);
        long expectedLines = text.chars().filter(ch -> ch == '\n').count() + (text.endsWith("\n") ? 0 : 1);
        if (text.isEmpty()) {
            expectedLines = 0;
        }
        assertEquals(expectedLines, entries.size());
        assertLinesInOrder(entries);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "[    0.000000] DELAY: 1|0",
        "[ 1437.517603] DELAY: 1|1437517603",
        "[99999.999999] DELAY: 1|99999999999",
        "[123456.000001] DELAY: 1|123456000001",
        "[ 12.5] DELAY: 1|12500000",
        "[ 12.1234567] DELAY: 1|12123456" })
    void monotonicStampsOfEveryWidth(String line, long expectedUs) {
        List<LogEntry> e = KlogParser.parseAll(line + "\n");
        assertEquals(expectedUs, ((Sample) e.get(0)).timestampUs(), line);
    }

    @ParameterizedTest
    @ValueSource(strings = { "[12 34.567890] DELAY: 1", "[     .123456] DELAY: 1", "[ 1437.51x603] DELAY: 1",
        "[ 1437.517603 DELAY: 1", "[-1437.517603] DELAY: 1" })
    void brokenStampsAreNotPrefixes(String line) {
        List<LogEntry> e = KlogParser.parseAll("[ 1.000000] first\n" + line + "\n");
        assertInstanceOf(RawContext.class, e.get(1), line);
    }

    @Test
    void wordWiseStampReadingAgreesWithBytewise() {
        byte[] alphabet = " 0123456789[].x\u00c3".getBytes(StandardCharsets.ISO_8859_1);
        Random r = new Random(11);
        int valid = 0;
        for (int i = 0; i < 200_000; i++) {
            byte[] b = "[ 1437.517603] x".getBytes(StandardCharsets.US_ASCII);
            int mutations = r.nextInt(4);
            for (int m = 0; m < mutations; m++) {
                b[r.nextInt(14)] = r.nextBoolean() ? alphabet[r.nextInt(alphabet.length)] : (byte) r.nextInt(256);
            }
            for (int k = 1; k <= 5 && r.nextInt(3) == 0; k++) {
                b[k] = ' '; // more leading spaces
            }
            long expected = KlogParser.scalarStamp(b, 0);
            assertEquals(expected, KlogParser.swarStamp(b, 0), new String(b, StandardCharsets.ISO_8859_1));
            if (expected >= 0) {
                valid++;
            }
        }
        assertTrue(valid > 10_000 && valid < 190_000, "both outcomes exercised: " + valid);
        assertEquals(1437_517_603L, KlogParser.swarStamp("[ 1437.517603] x".getBytes(StandardCharsets.US_ASCII), 0));
        assertEquals(-1, KlogParser.swarStamp("[     .517603] x".getBytes(StandardCharsets.US_ASCII), 0));
        assertEquals(-1, KlogParser.swarStamp("[ 14 7.517603] x".getBytes(StandardCharsets.US_ASCII), 0));
        assertEquals(7_000_001L, KlogParser.swarStamp("[    7.000001] x".getBytes(StandardCharsets.US_ASCII), 0));
    }

    @Test
    void aLineOverMaxLineIsOneLineTruncatedAndLaterLineNumbersStayRight() {
        EntryCollector c = new EntryCollector();
        KlogParser p = new KlogParser(c);
        p.feed("[    1.000000] first\n".getBytes(StandardCharsets.US_ASCII));
        byte[] chunk = new byte[64 * 1024];
        java.util.Arrays.fill(chunk, (byte) 'x');
        for (int i = 0; i < 48; i++) { // a 3 MiB line
            p.feed(chunk);
            assertTrue(p.pendingBytes() <= KlogParser.MAX_LINE);
        }
        p.feed("\n[    2.000000] third\n".getBytes(StandardCharsets.US_ASCII));
        p.finish();
        assertEquals(3, p.lines());
        assertEquals(3, c.entries().size());
        assertLinesInOrder(c.entries());
        assertEquals(List.of(1L, 2L, 3L), c.entries().stream().map(LogEntry::line).toList());
        assertEquals(KlogParser.MAX_LINE, ((RawContext) c.entries().get(1)).text().length());
        assertTrue(((RawContext) c.entries().get(2)).text().endsWith("third"), c.entries().get(2).toString());
    }

    @Test
    void aLongLineSplitAcrossChunksAtTheLimitIsStillOneLine() {
        EntryCollector c = new EntryCollector();
        KlogParser p = new KlogParser(c);
        byte[] exact = new byte[KlogParser.MAX_LINE];
        java.util.Arrays.fill(exact, (byte) 'y');
        p.feed(exact);
        p.feed("yy\nnext\n".getBytes(StandardCharsets.US_ASCII));
        p.finish();
        assertEquals(List.of(1L, 2L), c.entries().stream().map(LogEntry::line).toList());
    }

    @Test
    void binaryLinesAreAnomalies() {
        byte[] junk = { '[', ' ', '1', '.', '0', ']', 0, 1, 2, 3, (byte) 0xff, '\n', 'o', 'k', '\n' };
        List<LogEntry> e = parse(junk);
        assertEquals("AR", kinds(e));
        assertEquals(AnomalyKind.BINARY, ((Anomaly) e.get(0)).kind());
    }

    @Test
    void theLineContractFileMeansWhatItSays() throws IOException {
        String text = new String(resource("latency-mon-lines.txt"), StandardCharsets.UTF_8);
        List<String> logLines = new ArrayList<>();
        List<String> meanings = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("=> ")) {
                meanings.add(line.substring(3));
            } else if (!line.startsWith("#") && !line.isBlank()) {
                logLines.add(line);
            }
        }
        assertEquals(logLines.size(), meanings.size());
        List<LogEntry> entries = KlogParser.parseAll(String.join("\n", logLines) + "\n");
        assertEquals(logLines.size(), entries.size());
        for (int i = 0; i < entries.size(); i++) {
            String meaning = meanings.get(i);
            String kind = meaning.split("[ :(]", 2)[0];
            LogEntry entry = entries.get(i);
            String actual = switch (entry) {
                case Sample s -> "sample";
                case Event ev -> "event";
                case Anomaly a -> "anomaly";
                case RawContext r -> "context";
            };
            assertTrue(kind.startsWith(actual), logLines.get(i) + " => " + meaning + " but parsed as " + entry);
            if (entry instanceof Sample s) {
                assertSampleMatchesMeaning(s, meaning, logLines.get(i));
            }
        }
        org.wqlab.core.samples.SampleStore store = new org.wqlab.core.samples.SampleStore();
        List<Event> events = new ArrayList<>();
        for (LogEntry entry : entries) {
            if (entry instanceof Sample s) {
                store.add(s);
            } else if (entry instanceof Event ev) {
                events.add(ev);
            }
        }
        // "reports 4 to 6 of CPU 0 were printed but are missing here: 3 lost reports"
        assertEquals(3, org.wqlab.core.stats.LostReports.count(store, events));
    }

    /** Checks "CPU n", "report n" and "delay n ms" / "n.nnn ms" against the parsed sample. */
    private static void assertSampleMatchesMeaning(Sample s, String meaning, String line) {
        java.util.regex.Matcher cpu = java.util.regex.Pattern.compile("CPU (\\d+)").matcher(meaning);
        if (cpu.find() && !meaning.contains("CPU unknown")) {
            assertEquals(Integer.parseInt(cpu.group(1)), s.cpu(), line);
        } else {
            assertEquals(Sample.UNKNOWN, s.cpu(), line);
        }
        java.util.regex.Matcher report = java.util.regex.Pattern.compile("report (\\d+)").matcher(meaning);
        if (report.find()) {
            assertEquals(Integer.parseInt(report.group(1)), s.seq(), line);
        }
        java.util.regex.Matcher ms = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?) ms").matcher(meaning);
        if (ms.find()) {
            long expectedUs = Math.round(Double.parseDouble(ms.group(1)) * 1000);
            assertEquals(expectedUs, Math.abs((long) s.delayUs()), line);
            assertFalse(meaning.contains("early") && s.delayUs() >= 0, line);
        }
    }
}
