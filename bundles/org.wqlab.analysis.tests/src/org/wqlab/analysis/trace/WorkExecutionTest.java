package org.wqlab.analysis.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.analysis.trace.WorkExecution.OffCpu;

/** CPU-boundness of a work item inside a late interval, measured on sched_switch absences. */
class WorkExecutionTest {
    private static final long FROM = 10_000_000;
    private static final long TO = 12_000_000;

    @Test
    void aSleepThatHandsTheCpuToTheWaitingItemDoesNotCountAgainstTheInterval() {
        // the holder sleeps 3 us before the monitor starts: the hand-off, whatever the microsecond rounding
        for (long gap : new long[] { 0, 3, 40, WorkExecution.HAND_OFF_US - 1 }) {
            WorkExecution e = holder(new OffCpu(TO - gap, TO + 500, true));
            assertEquals(Boolean.TRUE, e.cpuBoundWithin(FROM, TO), "a sleep " + gap + " us before the end");
            assertEquals(Boolean.FALSE, e.cpuBound(), "it still slept while it ran");
        }
    }

    @Test
    void aSleepInsideTheIntervalCounts() {
        assertEquals(Boolean.FALSE, holder(new OffCpu(FROM + 500_000, FROM + 600_000, true)).cpuBoundWithin(FROM, TO));
        assertEquals(Boolean.FALSE, holder(new OffCpu(TO - WorkExecution.HAND_OFF_US - 1, TO + 10, true))
                .cpuBoundWithin(FROM, TO), "a sleep longer ago than the hand-off");
        assertEquals(Boolean.FALSE, holder(new OffCpu(FROM - 10, FROM + 10, true)).cpuBoundWithin(FROM, TO),
                "asleep when the interval began");
    }

    @Test
    void preemptionsAndSleepsOutsideTheIntervalDoNotCount() {
        assertEquals(Boolean.TRUE, holder(new OffCpu(FROM + 500_000, FROM + 600_000, false)).cpuBoundWithin(FROM, TO));
        assertEquals(Boolean.TRUE, holder(new OffCpu(FROM - 300_000, FROM - 200_000, true)).cpuBoundWithin(FROM, TO));
        assertEquals(Boolean.TRUE, holder(new OffCpu(TO + 10, TO + 20, true)).cpuBoundWithin(FROM, TO));
    }

    @Test
    void aShortIntervalKeepsMostOfItselfOutsideTheHandOff() {
        long from = TO - 400;
        assertEquals(Boolean.FALSE, holder(new OffCpu(from + 100, from + 150, true)).cpuBoundWithin(from, TO),
                "in a 400 us interval only the last 200 us are the hand-off");
        assertEquals(Boolean.TRUE, holder(new OffCpu(TO - 150, TO + 50, true)).cpuBoundWithin(from, TO));
    }

    @Test
    void unknownWithoutSchedSwitch() {
        assertNull(holder().withSchedTraced(false).cpuBoundWithin(FROM, TO));
    }

    private static WorkExecution holder(OffCpu... absences) {
        return new WorkExecution(new WorkFunction("hub_event", "usbcore"), "usb_hub_wq", "kworker/0:1", 40, 0, -1, -1,
                FROM - 1_000_000, TO + 2_000_000, true, List.of(absences), true);
    }
}
