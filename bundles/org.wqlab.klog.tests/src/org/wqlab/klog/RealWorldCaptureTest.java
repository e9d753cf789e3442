package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.AnomalyKind;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.RawContext;
import org.wqlab.core.model.Sample;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.core.samples.SampleStore;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporters;

/** Logs as real consoles, journals and crashes leave them, written from the formats' documentation. */
class RealWorldCaptureTest {

    @TempDir
    Path tmp;

    private static String text(LogEntry e) {
        return ((RawContext) e).text();
    }

    @Test
    void aSerialCaptureIsReadAsTheTerminalShowedIt() throws Exception {
        byte[] bytes = KlogParserTest.resource("serial-line-editing.log");
        List<LogEntry> e = KlogParserTest.parse(bytes);
        assertEquals(14, e.size());
        assertEquals("Hit any key to stop autoboot:  0 ", text(e.get(2)), "U-Boot's countdown, each \\b\\b\\b applied");
        assertEquals("=> boot", text(e.get(3)), "colours stripped");
        assertEquals(new Event(6, 1_234_567L, TimePrecision.US, EventKind.USB_CONNECT, "1-1",
                Map.of("device_number", "2", "speed", "high-speed"),
                "usb 1-1: new high-speed USB device number 2 using xhci-hcd"), e.get(5));
        assertEquals(new Sample(7, 5_000_000L, TimePrecision.US, 12_000, -1, -1, true), e.get(6));
        assertEquals("root@board:~# echo hello > /dev/kmsg", text(e.get(7)), "backspace, space, backspace");
        assertEquals(new Event(9, 10_100_000L, TimePrecision.US, EventKind.USB_DISCONNECT, "1-1",
                Map.of("device_number", "2"), "usb 1-1: USB disconnect, device number 2"), e.get(8));
        assertEquals("root@board:~# ls", text(e.get(9)), "ESC[1P deletes under the cursor");
        assertEquals("root@board:~# dmesg | grep usb", text(e.get(10)), "ESC[1@ inserts a blank the next byte fills");
        assertEquals("Loading: 100%", text(e.get(11)), "a carriage return overwrites, ESC[K erases the rest");
        assertEquals(new Sample(13, 12_000_000L, TimePrecision.US, 15_000, -1, -1, true), e.get(12),
                "a kernel message written over the prompt after a carriage return");
        assertTrue(e.stream().noneMatch(Anomaly.class::isInstance), "nothing a terminal can show is binary");

        Path file = Files.write(tmp.resolve("minicom.cap"), bytes);
        LogHead head = LogHead.of(file);
        assertFalse(head.isBinary());
        assertEquals(0, head.firstBinaryLine());
        assertEquals("serial", LogImporters.installed().readerOf(file, head).id());
    }

    @Test
    void onlyWhatATerminalCannotShowIsBinary() {
        byte[] nulRun = "[    1.000000] DELAY: 5\0\0\0\0\n".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(AnomalyKind.BINARY, ((Anomaly) KlogParserTest.parse(nulRun).get(0)).kind());
        byte[] badUtf8 = "[    1.000000] \u00ff\u00fe\u00fd DELAY\n".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(AnomalyKind.BINARY, ((Anomaly) KlogParserTest.parse(badUtf8).get(0)).kind());
        byte[] oneNul = "[    1.000000] eth0: link \0 is up, 1000 Mbps\n".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals("[    1.000000] eth0: link  is up, 1000 Mbps", text(KlogParserTest.parse(oneNul).get(0)),
                "a single NUL of line noise in a long line is shown as nothing");
        byte[] utf8 = "[    1.000000] thermal: 42 \u00b0C \u2014 ok\n".getBytes(StandardCharsets.UTF_8);
        assertEquals("[    1.000000] thermal: 42 \u00b0C \u2014 ok", text(KlogParserTest.parse(utf8).get(0)));
        byte[] random = new byte[4096];
        new Random(5).nextBytes(random);
        LogHead head = new LogHead(random);
        assertTrue(head.isBinary(), "random bytes stay binary");
    }

    @Test
    void aDamagedPrefixStillYieldsItsEventWithItsTimeUnknown() {
        List<LogEntry> e = KlogParser.parseAll("""
                [ 9543.100000] usb 1-1: USB disconnect, device number 3
                09544][    C0] BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 32s!
                [ 9545.000000] DELAY: 30
                545.5] DELAY: 40
                .123456] usb 1-1: USB disconnect, device number 4
                """);
        assertEquals(EventKind.USB_DISCONNECT, ((Event) e.get(0)).kind());
        assertEquals(new Event(2, LogEntry.NO_TIME, TimePrecision.NONE, EventKind.WORKQUEUE_LOCKUP,
                "cpus=0 node=0 flags=0x0 nice=0",
                Map.of("stuck_s", "32", "cpus", "0", "node", "0", "flags", "0x0", "nice", "0"),
                "BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 32s!"), e.get(1));
        assertEquals(new Sample(3, 9545_000_000L, TimePrecision.US, 30_000, -1, -1, true), e.get(2));
        assertEquals("545.5] DELAY: 40", text(e.get(3)), "a sample without its time is kept as context");
        assertEquals(new Event(5, LogEntry.NO_TIME, TimePrecision.NONE, EventKind.USB_DISCONNECT, "1-1",
                Map.of("device_number", "4"), "usb 1-1: USB disconnect, device number 4"), e.get(4));
    }

    @Test
    void aRootHubGoingAwayIsNotADevicePull() {
        List<LogEntry> e = KlogParser.parseAll("""
                [  100.000000] usb usb3: USB disconnect, device number 1
                [  100.000100] usb 3-1: USB disconnect, device number 2
                [  100.000200] usb usb10: USB disconnect, device number 1
                """);
        assertEquals(new Event(1, 100_000_000L, TimePrecision.US, EventKind.USB_ROOT_HUB_DISCONNECT, "usb3",
                Map.of("device_number", "1"), "usb usb3: USB disconnect, device number 1"), e.get(0));
        assertEquals(EventKind.USB_DISCONNECT, ((Event) e.get(1)).kind());
        assertEquals("3-1", ((Event) e.get(1)).subject());
        assertEquals(EventKind.USB_ROOT_HUB_DISCONNECT, ((Event) e.get(2)).kind());
        assertEquals("usb10", ((Event) e.get(2)).subject());
    }

    private static final String NEW_YEAR = """
            Dec 31 23:59:58 board kernel: DELAY: 10
            Jan  1 00:00:02 board kernel: DELAY: 11
            """;

    @Test
    void datesWithoutAYearTakeItFromTheJournalHeader() throws Exception {
        Path log = Files.writeString(tmp.resolve("journal.txt"),
                "-- Logs begin at Tue 2024-12-31 23:00:00 UTC, end at Wed 2025-01-01 00:10:00 UTC. --\n" + NEW_YEAR);
        LoadedExperiment x = importAndCheckNewYear(log, 2024);
        assertEquals(LogYear.HEADER, x.metadata().boardFacts().get(LogYear.FACT_BASIS));
        assertTrue(x.metadata().notes().contains("dates without a year read as 2024, from the journal's header"),
                x.metadata().notes());
    }

    @Test
    void datesWithoutAYearTakeItFromAWallClockStampInTheFile() throws Exception {
        Path log = Files.writeString(tmp.resolve("syslog"),
                "2024-12-31T23:59:00+00:00 board rsyslogd: started\n" + NEW_YEAR);
        LoadedExperiment x = importAndCheckNewYear(log, 2024);
        assertEquals(LogYear.WALL_CLOCK, x.metadata().boardFacts().get(LogYear.FACT_BASIS));
    }

    @Test
    void otherwiseTheSourceFilesModificationTimeGivesAGuessThatIsRecorded() throws Exception {
        Path log = Files.writeString(tmp.resolve("kern.log"), NEW_YEAR);
        Instant modified = Instant.parse("2025-01-02T08:00:00Z");
        Files.setLastModifiedTime(log, FileTime.from(modified));
        LoadedExperiment x = importAndCheckNewYear(log, 2024);
        assertEquals(LogYear.MODIFIED, x.metadata().boardFacts().get(LogYear.FACT_BASIS));
        assertEquals(modified.toString(), x.metadata().boardFacts().get(LogYear.FACT_SOURCE_MODIFIED));
        assertTrue(x.metadata().notes().contains("2024, from the file's modification time (guessed)"),
                x.metadata().notes());
    }

    /** Imports, checks both samples' instants, then parses the copy again (its cache gone): the same instants. */
    private LoadedExperiment importAndCheckNewYear(Path log, int firstYear) throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws-" + log.getFileName()));
        LoadedExperiment x = ExperimentLoader.importLog(ws, log, "new year", Instant.parse("2026-12-01T00:00:00Z"));
        assertEquals(Integer.toString(firstYear), x.metadata().boardFacts().get(LogYear.FACT_YEAR));
        checkNewYear(x.content().samples(), firstYear);
        ExperimentFolder folder = x.folder();
        try (var files = Files.list(folder.dir())) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("samples")).toList()) {
                Files.delete(f);
            }
        }
        checkNewYear(ExperimentLoader.load(folder).content().samples(), firstYear);
        return x;
    }

    private static void checkNewYear(SampleStore s, int firstYear) {
        assertEquals(2, s.size());
        assertEquals(Instant.parse(firstYear + "-12-31T23:59:58Z").toEpochMilli() * 1000, s.timestampUs(0));
        assertEquals(Instant.parse((firstYear + 1) + "-01-01T00:00:02Z").toEpochMilli() * 1000, s.timestampUs(1));
    }

    @Test
    void theKernelsWorkqueueWarningsSayWhatTheyMean() {
        List<LogEntry> e = KlogParser.parseAll("""
                [   10.000000] workqueue: hub_event hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND
                [   20.000000] workqueue: hub_event hogged CPU for >10000us 8 times, consider switching to WQ_UNBOUND
                [   21.000000] workqueue: vmstat_update hogged CPU for >20000us 4 times, consider switching to WQ_UNBOUND
                [   40.000000] workqueue: hub_event hogged CPU for >10000us 16 times, consider switching to WQ_UNBOUND
                [   72.000000] BUG: workqueue lockup - pool cpus=0-3 flags=0x4 nice=0 stuck for 31s!
                [   72.000010] Showing busy workqueues and worker pools:
                [   72.000020] workqueue events_unbound: flags=0x2
                [   72.000030]   pwq 8: cpus=0-3 flags=0x4 nice=0 active=1/512 refcnt=2
                [   72.000040]     in-flight: 57:hub_event
                [    0.000000] Linux version 6.1.0
                [    5.000000] workqueue: hub_event hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND
                """);
        List<Event> hogs = e.stream().filter(x -> x instanceof Event ev && ev.kind() == EventKind.WORKQUEUE_HOG)
                .map(Event.class::cast).toList();
        assertEquals(List.of("hub_event", "hub_event", "vmstat_update", "hub_event", "hub_event"),
                hogs.stream().map(Event::subject).toList());
        assertEquals(List.of("4", "8", "4", "16", "4"), hogs.stream().map(h -> h.field("times")).toList());
        assertEquals(List.of("4", "4", "4", "8", "4"), hogs.stream().map(h -> h.field("times_since_previous"))
                .toList(), "a running total: the difference since the last line, counted again after a boot");
        assertEquals(List.of("10000", "10000", "20000", "10000", "10000"),
                hogs.stream().map(h -> h.field("threshold_us")).toList());
        assertEquals(new Event(5, 72_000_000L, TimePrecision.US, EventKind.WORKQUEUE_LOCKUP,
                "cpus=0-3 flags=0x4 nice=0", Map.of("stuck_s", "31", "cpus", "0-3", "flags", "0x4", "nice", "0"),
                "BUG: workqueue lockup - pool cpus=0-3 flags=0x4 nice=0 stuck for 31s!"), e.get(4));
        assertEquals("[   72.000040]     in-flight: 57:hub_event", text(e.get(8)), "the dump stays as context");
    }
}
