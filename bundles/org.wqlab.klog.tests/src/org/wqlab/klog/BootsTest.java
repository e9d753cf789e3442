package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.core.samples.Boots;
import org.wqlab.core.samples.Boots.Boot;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.StatisticsCalculator;

/** Logs holding several boots: kern.log, a journal export; each boot its own segment. */
class BootsTest {

    private static LogContent parse(String resource) throws Exception {
        LogContentSink sink = new LogContentSink();
        KlogParser p = new KlogParser(sink);
        p.feed(KlogParserTest.resource(resource));
        p.finish();
        return sink.content(p.lines());
    }

    private static List<Event> boots(LogContent c) {
        return c.events().stream().filter(e -> e.kind() == EventKind.BOOT).toList();
    }

    @Test
    void aKernLogWithThreeBootsKeepsADisconnectWindowInEach() throws Exception {
        LogContent c = parse("kern-three-boots.log");
        String banner = "Booting Linux on physical CPU 0x0000000000 [0x410fd083]";
        assertEquals(List.of(
                new Event(7, 0, TimePrecision.US, EventKind.BOOT, "", Map.of("boot", "2", "by", "kernel banner"),
                        banner),
                new Event(12, 1_500_000, TimePrecision.US, EventKind.BOOT, "",
                        Map.of("boot", "3", "by", "clock went back"),
                        "usb usb1: New USB bus registered, assigned bus number 1")), boots(c));

        List<Boot> boots = Boots.of(c);
        assertEquals(3, boots.size());
        assertEquals(List.of(1L, 7L, 12L), boots.stream().map(Boot::firstLine).toList());
        assertEquals(List.of(6L, 11L, 15L), boots.stream().map(Boot::lastLine).toList());
        assertEquals(List.of("", "kernel banner", "clock went back"), boots.stream().map(Boot::startedBy).toList());
        assertEquals(List.of(2, 2, 2), boots.stream().map(b -> b.content().samples().size()).toList());

        // the whole log: each window ends at its boot's end, never takes the next boot's reports
        List<DisconnectImpact> all = StatisticsCalculator.compute(c).disconnects();
        assertEquals(List.of(4L, 10L, 14L), all.stream().map(DisconnectImpact::line).toList());
        assertEquals(List.of(35_000L, 40_000L, 45_000L),
                all.stream().map(d -> (long) d.worstDelayUs()).toList());
        assertEquals(List.of(5L, 11L, 15L), all.stream().map(DisconnectImpact::worstLine).toList());
        // late runs only (classic DELAY reports): recovery is the window's last late report, in the same boot
        assertEquals(List.of(1_000_000L, 10_000L, 500_000L), all.stream().map(DisconnectImpact::recoveryUs).toList());

        for (Boot b : boots) {
            List<DisconnectImpact> d = StatisticsCalculator.compute(b.content()).disconnects();
            assertEquals(1, d.size(), "boot " + b.number());
            assertEquals(all.get(b.number() - 1).worstDelayUs(), d.get(0).worstDelayUs(), "boot " + b.number());
        }
        assertEquals(9_000, StatisticsCalculator.compute(boots.get(2).content()).minUs(), "boot 3's own figures");
    }

    @Test
    void aJournalExportWithRebootsIsOneSegmentPerBoot() throws Exception {
        LogContent c = parse("journal-reboots.log");
        assertEquals(List.of(
                new Event(6, LogEntry.NO_TIME, TimePrecision.NONE, EventKind.BOOT, "",
                        Map.of("boot", "2", "by", "journal"), "-- Reboot --"),
                new Event(10, LogEntry.NO_TIME, TimePrecision.NONE, EventKind.BOOT,
                        "5a2b0e1f7d3c4a19b8e6f0d2c4a6b8e0", Map.of("boot", "3", "by", "journal"),
                        "-- Boot 5a2b0e1f7d3c4a19b8e6f0d2c4a6b8e0 --")), boots(c));
        List<Boot> boots = Boots.of(c);
        assertEquals(List.of(1L, 6L, 10L), boots.stream().map(Boot::firstLine).toList());
        assertEquals(List.of(1, 1, 0), boots.stream().map(b -> b.content().samples().size()).toList());
        assertEquals(List.of(1L, 1L, 0L), boots.stream().map(b -> b.content().events().stream()
                .filter(e -> e.kind() == EventKind.USB_DISCONNECT).count()).toList());
        assertEquals(List.of(30_000L, 20_000L), StatisticsCalculator.compute(c).disconnects().stream()
                .map(d -> (long) d.worstDelayUs()).toList());
    }

    @Test
    void aBannerRightAfterAnotherOrAtTheStartIsNoNewBoot() {
        List<LogEntry> e = KlogParser.parseAll("""
                [    0.000000] Booting Linux on physical CPU 0x0
                [    0.000000] Linux version 6.1.0
                [    3.000000] DELAY: 12
                [    2.500000] DELAY: 13
                """);
        assertEquals(0, e.stream().filter(x -> x instanceof Event ev && ev.kind() == EventKind.BOOT).count(),
                "half a second back is lines out of order, not a boot");
    }
}
