package org.wqlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.Sample;
import org.wqlab.klog.KlogParser;

class LiveSessionTest {

    @Test
    void parsedLogBecomesSeriesMarkersAndStats() {
        LiveSession session = new LiveSession("t");
        KlogParser parser = new KlogParser(session);
        String log = """
                [  100.000000] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1
                [  100.100000] latency_mon: cpu=0 seq=1 delay_us=40
                [  100.100500] latency_mon: cpu=1 seq=1 delay_us=55
                [  100.200000] latency_mon: cpu=0 seq=2 delay_us=12000
                [  100.250000] usb 2-1: USB disconnect, device number 3
                [  100.300000] latency_mon: cpu=0 seq=3 delay_us=600000
                [  100.300100] latency_mon: cpu=1 seq=2 delay_us=70
                [  100.900000] usb 2-1: new high-speed USB device number 4 using xhci-hcd
                [  101.000000] latency_mon: stop
                """;
        byte[] bytes = log.getBytes(StandardCharsets.US_ASCII);
        parser.feed(bytes, 0, 37);
        parser.feed(bytes, 37, bytes.length - 37);
        parser.finish();

        List<SeriesSnapshot> series = session.series();
        assertEquals(2, series.size());
        SeriesSnapshot cpu0 = series.get(0);
        assertEquals(0, cpu0.cpu());
        assertEquals(3, cpu0.size());
        assertEquals(100_200_000L, cpu0.timeUs()[1]);
        assertEquals(600_000, cpu0.delayUs()[cpu0.indexOfMax()]);
        assertEquals(1, series.get(1).cpu());
        assertEquals(70, series.get(1).delayUs()[1]);

        assertEquals(List.of(EventKind.MODULE_START, EventKind.USB_DISCONNECT, EventKind.USB_CONNECT,
                EventKind.MODULE_STOP), session.events().stream().map(LiveEvent::kind).toList());
        assertEquals(100_250_000L, session.events().get(1).timeUs());
        assertEquals("USB disconnect 2-1", session.events().get(1).label());

        LiveStats stats = session.stats();
        assertEquals(5, stats.count());
        assertEquals(70, stats.lastUs());
        assertEquals(600_000, stats.maxUs());
        assertEquals(9000, stats.thresholdUs());
        assertEquals(2, stats.lateRuns(), "12000 and 600000 are above 9 ms");
        assertEquals(1, stats.afterDisconnects().size());
        DisconnectWorst d = stats.afterDisconnects().get(0);
        assertEquals(600_000, d.worstDelayUs());
        assertEquals(0, d.worstCpu());
        assertEquals(2, d.samples());
        assertEquals(100_300_000L, d.worstTimeUs());
        assertEquals(101_000_000L, session.newestUs());
    }

    @Test
    void classicReportsAreLateRunsOnTheUnknownCpu() {
        LiveSession session = new LiveSession("t");
        KlogParser parser = new KlogParser(session);
        parser.feed("[    5.000000] DELAY: 12\n[    6.000000] DELAY: 1579\n".getBytes(StandardCharsets.US_ASCII));
        SeriesSnapshot s = session.series().get(0);
        assertEquals(Sample.UNKNOWN, s.cpu());
        assertEquals(2, s.size());
        assertEquals(1_579_000, s.delayUs()[1]);
        assertEquals(2, session.stats().lateRuns());
    }

    @Test
    void seriesGrowWithoutLosingPublishedSamplesAndSnapshotsStayStable() {
        LiveSession session = new LiveSession("t", 16);
        session.addSample(0, 1, 0, false);
        SeriesSnapshot early = session.series().get(0);
        for (int i = 1; i < 10_000; i++) {
            session.addSample(i * 100L, i, 0, false);
        }
        assertEquals(1, early.size(), "an old snapshot keeps its size");
        assertEquals(1, early.delayUs()[0]);
        SeriesSnapshot now = session.series().get(0);
        assertEquals(10_000, now.size());
        for (int i = 0; i < now.size(); i++) {
            assertEquals(i == 0 ? 1 : i, now.delayUs()[i]);
            assertEquals(i * 100L, now.timeUs()[i]);
        }
    }

    @Test
    void untimedAndBackwardsSamplesKeepTimesAscending() {
        LiveSession session = new LiveSession("t");
        session.addSample(1000, 5, 2, false);
        session.addSample(LogEntry.NO_TIME, 6, 2, false);
        session.addSample(900, 7, 2, false);
        SeriesSnapshot s = session.series().get(0);
        assertEquals(2, s.cpu());
        assertEquals(1000, s.timeUs()[1]);
        assertEquals(1000, s.timeUs()[2]);
        assertEquals(1, session.stats().untimed());
        assertEquals(1, session.stats().reordered());
    }

    @Test
    void p99IsWithinOneLogBinOfTheExactValue() {
        LiveSession session = new LiveSession("t");
        for (int i = 1; i <= 1000; i++) {
            session.addSample(i, i * 10, 0, false);
        }
        // exact 99th percentile: the 990th value = 9900 us
        long p99 = session.stats().p99Us();
        assertTrue(p99 >= 9900 && p99 <= 9900 * 1.13, "p99 " + p99);
        Histogram h = session.histogram();
        assertEquals(1000, h.total());
        assertEquals(10_000, h.worstUs());
        long sum = 0;
        for (long c : h.counts()) {
            sum += c;
        }
        assertEquals(1000, sum);
        int top = h.lastNonEmpty();
        assertTrue(h.fromUs(top) <= 10_000 && 10_000 < h.toUs(top));
    }

    @Test
    void logBinsAreContiguousAndAtMostTwelvePercentWide() {
        assertEquals(0, LogHistogram.binOf(-5));
        assertEquals(0, LogHistogram.binOf(0));
        assertEquals(1, LogHistogram.binOf(1));
        for (int b = 1; b < LogHistogram.binCount() - 1; b++) {
            long from = LogHistogram.fromUs(b);
            long to = LogHistogram.toUs(b);
            assertTrue(to > from);
            assertEquals(b, LogHistogram.binOf(from));
            assertEquals(b, LogHistogram.binOf(to - 1));
            if (from >= 10) {
                assertTrue(to <= Math.ceil(from * 1.1221) + 1, "bin " + b + " [" + from + "," + to + ")");
            }
        }
        assertEquals(LogHistogram.binCount() - 1, LogHistogram.binOf(Integer.MAX_VALUE));
    }

    @Test
    void disconnectWindowsEachKeepTheirOwnWorst() {
        LiveSession session = new LiveSession("t");
        session.addSample(10, 999, 0, false);
        session.addEvent(new LiveEvent(100, EventKind.USB_DISCONNECT, "a"));
        session.addSample(110, 300, 0, false);
        session.addSample(120, 200, 1, false);
        session.addEvent(new LiveEvent(200, EventKind.USB_DISCONNECT, "b"));
        session.addSample(210, 50, 1, false);
        List<DisconnectWorst> after = session.stats().afterDisconnects();
        assertEquals(2, after.size());
        assertEquals(300, after.get(0).worstDelayUs());
        assertEquals(2, after.get(0).samples());
        assertEquals(50, after.get(1).worstDelayUs());
        assertEquals(1, after.get(1).worstCpu());
    }

    @Test
    void markUsesTheBoardsCurrentTimeAndListenersHearEveryChange() {
        long[] wall = { 0 };
        LiveSession session = new LiveSession("t", 16, () -> wall[0]);
        AtomicInteger changes = new AtomicInteger();
        session.addChangeListener(changes::incrementAndGet);
        session.addSample(5_000_000, 1, 0, false);
        LiveEvent m = session.mark("before pull");
        assertEquals(5_000_000, m.timeUs(), "no wall time passed since the newest line");
        wall[0] = 2_000_000_000L;
        assertEquals(7_000_000, session.mark("later").timeUs(), "2 s of silence later");
        assertEquals(EventKind.MARK, session.events().get(0).kind());
        assertEquals(3, changes.get());
    }

    @Test
    void concurrentWriterAndReaderNeverSeeAnUnwrittenSlot() throws Exception {
        LiveSession session = new LiveSession("t", 16);
        int n = 200_000;
        Thread writer = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                session.addSample(i, i + 1, i % 2, false);
            }
        });
        AtomicReference<String> problem = new AtomicReference<>();
        writer.start();
        while (writer.isAlive() || session.sampleCount() < n) {
            for (SeriesSnapshot s : session.series()) {
                for (int i = 0; i < s.size(); i++) {
                    // slot i of cpu c holds sample 2i + c, whose delay is 2i + c + 1 (never 0)
                    if (s.delayUs()[i] != 2 * i + s.cpu() + 1) {
                        problem.compareAndSet(null, "cpu " + s.cpu() + " slot " + i + " = " + s.delayUs()[i]);
                    }
                }
            }
            if (!writer.isAlive() && session.sampleCount() == n) {
                break;
            }
        }
        writer.join();
        assertEquals(null, problem.get());
        assertEquals(n, session.stats().count());
    }

    @Test
    void currentSessionHolderTellsListeners() {
        LiveSessions sessions = new LiveSessions();
        AtomicReference<LiveSession> heard = new AtomicReference<>();
        java.util.function.Consumer<LiveSession> l = heard::set;
        sessions.addListener(l);
        try {
            LiveSession s = sessions.start("run 1");
            assertSame(s, heard.get());
            assertSame(s, sessions.current().orElseThrow());
            sessions.publish(null);
            assertFalse(sessions.current().isPresent());
        } finally {
            sessions.removeListener(l);
        }
    }

    @Test
    void theWorkbenchsLiveSessionsAreOneOsgiService() {
        org.osgi.framework.BundleContext context = org.osgi.framework.FrameworkUtil.getBundle(LiveSessionTest.class)
                .getBundleContext();
        org.osgi.framework.ServiceReference<LiveSessions> ref = context.getServiceReference(LiveSessions.class);
        assertNotNull(ref, "org.wqlab.live registers LiveSessions as a service");
        LiveSessions first = context.getService(ref);
        try {
            LiveSession s = first.start("published through the service");
            LiveSessions again = context.getService(context.getServiceReference(LiveSessions.class));
            context.ungetService(ref);
            assertSame(s, again.current().orElseThrow(), "every user of the service sees the same current session");
        } finally {
            first.publish(null);
            context.ungetService(ref);
        }
    }
}
