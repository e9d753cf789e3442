package org.wqlab.analysis.why;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.analysis.Attribution;
import org.wqlab.analysis.trace.WorkTimeline;

/** A hand-made 6.x trace whose every microsecond is known: the breakdown, the task dump and the kwork rows. */
class DelayBreakdownsTest {

    static final List<String> TRACE = List.of(
            "# wqlab trace: instance /sys/kernel/tracing/instances/wqlab, events ...",
            "          <idle>-0       [000] d..2. 10.000000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=kworker/0:1 next_pid=50 next_prio=120",
            "          <idle>-0       [001] d..2. 10.000001: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=dd next_pid=300 next_prio=120",
            "     kworker/0:1-50      [000] ..... 10.000010: workqueue_execute_start: work struct ffff0000c0de0000: function hub_event [usbcore]",
            "     kworker/0:1-50      [000] d.s.. 10.001000: workqueue_queue_work: work struct=ffff0000beef0000 function=lm_work_fn [latency_mon] workqueue=events req_cpu=0 cpu=0",
            "     kworker/0:1-50      [000] d.s.. 10.001000: workqueue_activate_work: work struct ffff0000beef0000",
            "     kworker/0:1-50      [000] d.h1. 10.002000: irq_handler_entry: irq=11 name=arch_timer",
            "     kworker/0:1-50      [000] d.h1. 10.002005: irq_handler_exit: irq=11 ret=handled",
            "     kworker/0:1-50      [000] ..s1. 10.002005: softirq_entry: vec=1 [action=TIMER]",
            "     kworker/0:1-50      [000] d.H1. 10.002007: irq_handler_entry: irq=30 name=xhci-hcd:usb1",
            "     kworker/0:1-50      [000] d.H1. 10.002010: irq_handler_exit: irq=30 ret=handled",
            "     kworker/0:1-50      [000] ..s1. 10.002012: softirq_exit: vec=1 [action=TIMER]",
            "     kworker/0:1-50      [000] d..2. 10.050000: sched_switch: prev_comm=kworker/0:1 prev_pid=50 prev_prio=120 prev_state=R+ ==> next_comm=rcu_preempt next_pid=12 next_prio=120",
            "     rcu_preempt-12      [000] d..2. 10.050100: sched_switch: prev_comm=rcu_preempt prev_pid=12 prev_prio=120 prev_state=I ==> next_comm=kworker/0:1 next_pid=50 next_prio=120",
            "     kworker/0:1-50      [000] ..... 10.090000: workqueue_execute_end: work struct ffff0000c0de0000: function hub_event [usbcore]",
            "     kworker/0:1-50      [000] d..2. 10.090000: sched_switch: prev_comm=kworker/0:1 prev_pid=50 prev_prio=120 prev_state=I ==> next_comm=swapper/0 next_pid=0 next_prio=120",
            "          <idle>-0       [000] d..2. 10.090200: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=kworker/0:2 next_pid=51 next_prio=120",
            "     kworker/0:2-51      [000] ..... 10.090210: workqueue_execute_start: work struct ffff0000beef0000: function lm_work_fn [latency_mon]",
            "     kworker/0:2-51      [000] ..... 10.090230: workqueue_execute_end: work struct ffff0000beef0000: function lm_work_fn [latency_mon]");

    private static final long FROM = 10_000_500;
    private static final long TO = 10_090_210;

    @Test
    void everyPartOfTheLateIntervalIsNamedAndTheySumToTheDelay() {
        WorkTimeline t = WorkTimeline.build(TRACE);
        DelayBreakdown b = new DelayBreakdowns(t).of(0, FROM, TO);
        assertEquals(89_710, b.delayUs());
        assertTrue(b.irqTraced());
        assertTrue(b.schedTraced());
        assertEquals(89_388, b.work("hub_event").us(), "hub_event without its preemption and the interrupts");
        assertEquals("hub_event [usbcore]", b.largest().name());
        assertEquals(8, b.totalUs(DelayPart.HARDIRQ), "arch_timer 5 + xhci 3");
        assertEquals(3, part(b, DelayPart.HARDIRQ, "xhci-hcd:usb1"));
        assertEquals(4, part(b, DelayPart.SOFTIRQ, "TIMER"), "7 us less the hard interrupt inside it");
        assertEquals(100, part(b, DelayPart.THREAD, "rcu_preempt"));
        assertEquals(10, part(b, DelayPart.THREAD, "kworker/0:2"), "the monitor's worker before its item starts");
        assertEquals(200, b.totalUs(DelayPart.IDLE));
        assertEquals(0, b.unexplainedUs());
        assertEquals(b.delayUs(), b.parts().stream().mapToLong(DelayPart::us).sum());
        assertEquals(DelayPart.UNEXPLAINED, b.parts().get(b.parts().size() - 1).kind());
        assertEquals(99.6, b.work("hub_event").percent(), 0.05);
    }

    @Test
    void whatTheTraceDoesNotCoverIsUnexplainedNeverFoldedIn() {
        WorkTimeline t = WorkTimeline.build(TRACE);
        // from 9.9 s the trace knows nothing before its first switch on CPU 0 but who ran before it (swapper)
        DelayBreakdown b = new DelayBreakdowns(t).of(0, 9_900_000, TO);
        assertEquals(100_000, b.totalUs(DelayPart.IDLE) - 200, "the idle task before the first switch, from its prev");
        DelayBreakdown unknownCpu = new DelayBreakdowns(t).of(-1, FROM, TO);
        assertEquals(unknownCpu.delayUs(), unknownCpu.unexplainedUs());
        assertNull(unknownCpu.largest());

        List<String> noIrq = TRACE.stream().filter(l -> !l.contains("irq_handler") && !l.contains("softirq_")).toList();
        DelayBreakdown without = new DelayBreakdowns(WorkTimeline.build(noIrq)).of(0, FROM, TO);
        assertFalse(without.irqTraced());
        assertEquals(89_400, without.work("hub_event").us(), "interrupts fall into what they interrupted");

        List<String> noSched = TRACE.stream().filter(l -> !l.contains("sched_switch")).toList();
        DelayBreakdown pool = new DelayBreakdowns(WorkTimeline.build(noSched)).of(0, FROM, TO);
        assertEquals(89_500 - 12, pool.work("hub_event").us(), "without sched_switch: the item's span less interrupts");
        assertEquals(89_710 - 89_488 - 12, pool.unexplainedUs());
    }

    @Test
    void x86LocalTimerVectorIsAHardInterrupt() {
        List<String> trace = new java.util.ArrayList<>(TRACE);
        trace.add(14, "     kworker/0:1-50      [000] d.h1. 10.080000: local_timer_entry: vector=236");
        trace.add(15, "     kworker/0:1-50      [000] d.h1. 10.080009: local_timer_exit: vector=236");
        DelayBreakdown b = new DelayBreakdowns(WorkTimeline.build(trace)).of(0, FROM, TO);
        assertEquals(9, part(b, DelayPart.HARDIRQ, "local_timer"));
        assertEquals(89_388 - 9, b.work("hub_event").us());
        assertEquals(0, b.unexplainedUs());
    }

    @Test
    void dumpTasksShowsEveryCpuAndTheKworkersItem() {
        DelayBreakdowns why = new DelayBreakdowns(WorkTimeline.build(TRACE));
        TaskDump runnable = why.tasksAt(TaskDump.RUNNABLE, 10_001_000);
        assertEquals(List.of(new CpuTask(0, "kworker/0:1", 50, "hub_event [usbcore]"), new CpuTask(1, "dd", 300, "")),
                runnable.cpus());
        TaskDump end = why.tasksAt(TaskDump.STALL_END, 10_090_100);
        assertEquals(new CpuTask(0, "<idle>", 0, ""), end.cpus().get(0));
    }

    @Test
    void kworkRowsPerFunctionAndCpu() {
        List<KworkRow> rows = KworkTable.of(WorkTimeline.build(TRACE), Attribution::isMonitor);
        assertEquals(2, rows.size());
        KworkRow monitor = rows.get(0);
        assertEquals("lm_work_fn [latency_mon]", monitor.function());
        assertTrue(monitor.monitor());
        assertEquals(1, monitor.latencyCount());
        assertEquals(89_210, monitor.maxLatencyUs(), "activate_work to execute_start");
        assertEquals(89_210, monitor.p99LatencyUs());
        assertEquals(20, monitor.maxExecUs());
        KworkRow hub = rows.get(1);
        assertEquals(0, hub.latencyCount(), "queued before the trace began");
        assertEquals(89_990, hub.totalExecUs());
    }

    private static long part(DelayBreakdown b, String kind, String name) {
        return b.parts().stream().filter(p -> p.kind().equals(kind) && p.name().equals(name)).mapToLong(DelayPart::us)
                .sum();
    }
}
