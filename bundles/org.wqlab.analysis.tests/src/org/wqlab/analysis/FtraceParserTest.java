package org.wqlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.analysis.trace.FtraceParser;
import org.wqlab.analysis.trace.TraceEvent;
import org.wqlab.analysis.trace.WorkExecution;
import org.wqlab.analysis.trace.WorkFunction;
import org.wqlab.analysis.trace.WorkTimeline;

/** Real ftrace text: 6.x header with 5 flags, tgid column, module suffixes, old execute_end, lost events. */
class FtraceParserTest {

    private List<String> lines() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/testdata/debian61-hub-event.trace")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Test
    void parsesEachEventFormat() {
        FtraceParser p = new FtraceParser();
        var q = (TraceEvent.QueueWork) p.parse("          <idle>-0       [000] d.s2.   812.300112: workqueue_queue_work: "
                + "work struct=00000000a1b2c3d4 function=hub_event [usbcore] workqueue=usb_hub_wq req_cpu=8192 cpu=0")
                .orElseThrow();
        assertEquals(new WorkFunction("hub_event", "usbcore"), q.function());
        assertEquals("hub_event [usbcore]", q.function().toString());
        assertEquals("usb_hub_wq", q.workqueue());
        assertEquals(8192, q.reqCpu());
        assertEquals(0, q.poolCpu());
        assertEquals(812_300_112L, q.timestampUs());
        assertEquals("<idle>", q.header().comm());

        var s = (TraceEvent.SchedSwitch) p.parse(" systemd-journal-201     [000] d..2.   812.500000: sched_switch: "
                + "prev_comm=systemd-journal prev_pid=201 prev_prio=120 prev_state=R+ ==> next_comm=kworker/0:2 "
                + "next_pid=123 next_prio=120").orElseThrow();
        assertEquals("systemd-journal", s.header().comm());
        assertEquals(201, s.header().pid());
        assertFalse(s.prevLeftVoluntarily());
        assertEquals("kworker/0:2", s.nextComm());

        var old = (TraceEvent.ExecuteEnd) p.parse("   kworker/u4:1-50      (     50) [001] ....   813.500010: "
                + "workqueue_execute_end: work struct ffff8880034f2e08").orElseThrow();
        assertNull(old.function());
        assertEquals(1, old.cpu());
        assertEquals("kworker/u4:1", old.header().comm());

        var nine = p.parse("     kworker/0:2-123     [000] .....   5.123456789: workqueue_activate_work: work struct 00ab")
                .orElseThrow();
        assertEquals(5_123_456L, nine.timestampUs());
        var bare = p.parse("kworker/3:1H-77 [003] 17.000001: workqueue_execute_start: work struct ab: function "
                + "blk_mq_run_work_fn").orElseThrow();
        assertInstanceOf(TraceEvent.ExecuteStart.class, bare);
        assertEquals(3, bare.cpu());
        assertTrue(p.parse("garbage").isEmpty());
        assertTrue(p.parse("# tracer: nop").isEmpty());
        assertEquals(7, p.lines());
        assertEquals(5, p.events());
        assertEquals(2, p.skipped());
    }

    @Test
    void pairsStartAndEndByWorkerAndKnowsWhenItSlept() throws IOException {
        WorkTimeline t = WorkTimeline.build(lines());
        assertEquals(17, t.lostEvents());
        assertTrue(t.schedTraced());
        List<WorkExecution> x = t.executions();
        assertEquals(3, x.size(), x.toString());
        WorkExecution hub = x.get(0);
        assertEquals("hub_event [usbcore]", hub.function().toString());
        assertEquals("usb_hub_wq", hub.workqueue());
        assertEquals("kworker/0:2", hub.worker());
        assertEquals(812_300_112L, hub.queuedUs());
        assertEquals(812_300_115L, hub.activatedUs());
        assertEquals(1_100_000L, hub.durationUs());
        assertTrue(hub.finished());
        // slept 30 ms (D), preempted 50 ms by systemd-journal (R+)
        assertEquals(2, hub.offCpu().size());
        assertEquals(Boolean.FALSE, hub.cpuBound());
        assertEquals(Boolean.TRUE, hub.cpuBoundWithin(812_380_000L, 813_400_170L));
        assertEquals(1_040_000L, hub.longestCpuBoundUs());
        assertEquals(1_020_150L - 50_000L, hub.onCpuUs(812_380_000L, 813_400_170L));
        WorkExecution mon = x.get(1);
        assertEquals("lm_work_fn [latency_mon]", mon.function().toString());
        assertEquals("events", mon.workqueue());
        WorkExecution unbound = x.get(2);
        assertEquals("flush_to_ldisc", unbound.function().toString());
        assertEquals("", unbound.workqueue());
        assertEquals(10, unbound.durationUs());
    }
}
