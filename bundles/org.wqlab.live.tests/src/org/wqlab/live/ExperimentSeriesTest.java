package org.wqlab.live;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.EventKind;
import org.wqlab.klog.KlogParser;
import org.wqlab.klog.LogContentSink;

class ExperimentSeriesTest {

    @Test
    void recordedLogBecomesTheSameSeriesAndMarkersAsTheLiveSession() {
        String log = """
                [  100.000000] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1
                [  100.100000] latency_mon: cpu=0 seq=1 delay_us=40
                [  100.100500] latency_mon: cpu=1 seq=1 delay_us=55
                [  100.200000] latency_mon: cpu=0 seq=2 delay_us=12000
                [  100.250000] usb 2-1: USB disconnect, device number 3
                [  100.300000] latency_mon: cpu=0 seq=3 delay_us=600000
                [  100.150000] latency_mon: cpu=0 seq=4 delay_us=33
                [  100.300100] latency_mon: cpu=1 seq=2 delay_us=70
                [  100.900000] usb 2-1: new high-speed USB device number 4 using xhci-hcd
                [  101.000000] latency_mon: stop
                """;
        byte[] bytes = log.getBytes(StandardCharsets.US_ASCII);
        LogContentSink sink = new LogContentSink();
        KlogParser parser = new KlogParser(sink);
        parser.feed(bytes, 0, bytes.length);
        parser.finish();
        LiveSession live = new LiveSession("same log");
        KlogParser liveParser = new KlogParser(live);
        liveParser.feed(bytes, 0, bytes.length);
        liveParser.finish();

        ExperimentSeries recorded = ExperimentSeries.of(sink.content(parser.lines()));

        assertEquals(6, recorded.sampleCount());
        assertEquals(600_000, recorded.maxDelayUs());
        assertEquals(9_000, recorded.thresholdUs());
        assertEquals(100_000_000L, recorded.oldestUs());
        assertEquals(101_000_000L, recorded.newestUs());
        List<SeriesSnapshot> fromLog = recorded.series();
        List<SeriesSnapshot> fromLive = live.series();
        assertEquals(fromLive.size(), fromLog.size());
        for (int k = 0; k < fromLog.size(); k++) {
            SeriesSnapshot a = fromLog.get(k);
            SeriesSnapshot b = fromLive.get(k);
            assertEquals(b.cpu(), a.cpu());
            assertEquals(b.size(), a.size());
            // the report whose time went backwards is placed at its CPU's newest time, as live
            assertArrayEquals(java.util.Arrays.copyOf(b.timeUs(), b.size()), java.util.Arrays.copyOf(a.timeUs(), a.size()));
            assertArrayEquals(java.util.Arrays.copyOf(b.delayUs(), b.size()), java.util.Arrays.copyOf(a.delayUs(), a.size()));
        }
        assertEquals(live.events(), recorded.events());
        assertEquals(List.of(EventKind.MODULE_START, EventKind.USB_DISCONNECT, EventKind.USB_CONNECT,
                EventKind.MODULE_STOP), recorded.events().stream().map(LiveEvent::kind).toList());
    }
}
