package org.wqlab.analysis.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.analysis.Attribution;

/** Work-item executions reduced to pixel spans: nothing that ran is dropped, whatever the zoom. */
class TimelineDecimatorTest {

    private static final String HUB = "hub_event [usbcore]";
    private static final String MONITOR = "lm_work_fn [latency_mon]";

    private static TimelineRows rows(TraceText text) {
        return TimelineRows.of(WorkTimeline.build(text.lines()), Attribution::isMonitor);
    }

    @Test
    void aOneMicrosecondItemInOneSecondStillOwnsAColumn() {
        TimelineRows rows = rows(new TraceText().work(0, "kworker/0:1", 10, "vmstat_update", "mm_percpu_wq",
                1_500_000, 1_500_001));
        List<PixelSpan> spans = TimelineDecimator.decimate(rows, rows.cpuRows().get(0), 1_000_000, 2_000_000, 100);
        assertEquals(List.of(new PixelSpan(50, 51, 0, 0, false)), spans);
    }

    @Test
    void aLongItemOwnsItsColumnsAndShortOnesOnItsEdgeMarkItCrowded() {
        TimelineRows rows = rows(new TraceText()
                .work(0, "kworker/0:1", 10, HUB, "usb_hub_wq", 1_000_000, 1_500_000)
                .work(0, "kworker/0:2", 11, "vmstat_update", "mm_percpu_wq", 1_499_990, 1_499_995)
                .work(0, "kworker/0:2", 11, "flush_to_ldisc", "events_unbound", 1_700_000, 1_700_002));
        TimelineRows.Row cpu0 = rows.cpuRows().get(0);
        List<PixelSpan> spans = TimelineDecimator.decimate(rows, cpu0, 1_000_000, 2_000_000, 100);
        assertEquals(2, spans.size(), spans.toString());
        PixelSpan hub = spans.get(0);
        assertEquals(0, hub.x0());
        assertEquals(50, hub.x1());
        assertEquals("hub_event", rows.functions().get(hub.function()).symbol());
        assertTrue(hub.crowded(), "vmstat_update ran inside its last column");
        assertEquals(new PixelSpan(70, 71, 2, 2, false), spans.get(1));
        assertEquals(0, TimelineDecimator.executionAt(spans, 49));
        assertEquals(-1, TimelineDecimator.executionAt(spans, 50));
        assertEquals(2, TimelineDecimator.executionAt(spans, 70));
    }

    @Test
    void theMonitorsItemWinsTheColumnItSharesWithALongerOne() {
        TimelineRows rows = rows(new TraceText()
                .work(0, "kworker/0:1", 10, HUB, "usb_hub_wq", 1_000_000, 1_505_000)
                .work(0, "kworker/0:2", 11, MONITOR, "events", 1_505_100, 1_505_150));
        TimelineRows.Row cpu0 = rows.cpuRows().get(0);
        List<PixelSpan> spans = TimelineDecimator.decimate(rows, cpu0, 1_000_000, 2_000_000, 100);
        PixelSpan last = spans.get(spans.size() - 1);
        assertEquals(50, last.x0());
        assertTrue(rows.monitor(last.function()));
        assertEquals(50, spans.get(0).x1(), "the hub_event bar keeps every other column");
        assertFalse(rows.monitor(spans.get(0).function()));
    }

    @Test
    void anEarlyLongItemIsFoundThoughShorterOnesEndedBeforeTheRange() {
        TimelineRows rows = rows(new TraceText()
                .work(0, "kworker/0:1", 10, HUB, "usb_hub_wq", 1_000_000, 9_000_000)
                .work(0, "kworker/0:2", 11, "vmstat_update", "mm_percpu_wq", 1_000_010, 1_000_020));
        TimelineRows.Row cpu0 = rows.cpuRows().get(0);
        List<PixelSpan> spans = TimelineDecimator.decimate(rows, cpu0, 5_000_000, 5_000_100, 10);
        assertEquals(List.of(new PixelSpan(0, 10, 0, 0, false)), spans);
    }

    @Test
    void zoomingInSplitsWhatOneColumnHeld() {
        TraceText text = new TraceText();
        for (int i = 0; i < 10; i++) {
            text.work(1, "kworker/1:0", 20, "vmstat_update", "mm_percpu_wq", 2_000_000 + i * 100, 2_000_000 + i * 100 + 10);
        }
        TimelineRows rows = rows(text);
        TimelineRows.Row cpu1 = rows.cpuRows().get(0);
        assertEquals(1, cpu1.cpu());
        List<PixelSpan> far = TimelineDecimator.decimate(rows, cpu1, 0, 10_000_000, 1000);
        assertEquals(1, far.size());
        assertTrue(far.get(0).crowded());
        List<PixelSpan> near = TimelineDecimator.decimate(rows, cpu1, 2_000_000, 2_001_000, 100);
        assertEquals(10, near.size(), near.toString());
        assertEquals(new PixelSpan(10, 11, 1, 0, false), near.get(1));
    }

    @Test
    void eachCpuHasAWorkerRowPerWorker() {
        TimelineRows rows = rows(new TraceText()
                .work(0, "kworker/0:2", 11, "vmstat_update", "mm_percpu_wq", 10, 20)
                .work(2, "kworker/2:1", 30, "vmstat_update", "mm_percpu_wq", 10, 20)
                .work(0, "kworker/0:1", 10, HUB, "usb_hub_wq", 30, 40));
        assertEquals(List.of("CPU 0", "CPU 2"), rows.cpuRows().stream().map(TimelineRows.Row::label).toList());
        assertEquals(List.of("kworker/0:1", "kworker/0:2"),
                rows.workerRows(0).stream().map(TimelineRows.Row::label).toList());
        assertEquals(2, rows.functions().size());
        assertEquals(List.of(), TimelineDecimator.decimate(rows, rows.cpuRows().get(0), 0, 100, 0));
    }
}
