package org.wqlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.Event;
import org.wqlab.klog.KlogParser;

class KernelWorkqueueWarningsTest {

    @Test
    void theVerdictSaysWhatTheKernelReportedAboutItsWorkqueues() {
        List<Event> events = KlogParser.parseAll("""
                [   10.000000] workqueue: hub_event hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND
                [   20.000000] workqueue: hub_event hogged CPU for >10000us 8 times, consider switching to WQ_UNBOUND
                [   72.000000] BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 31s!
                [   73.000000] usb usb3: USB disconnect, device number 1
                """).stream().filter(Event.class::isInstance).map(Event.class::cast).toList();
        assertEquals(List.of(
                "the kernel reported a workqueue lockup at line 3: the pool of CPUs 0 made no progress for 31 s",
                "the kernel reported hub_event hogging a CPU for more than 10000 us 8 times (last at line 2)"),
                KernelWorkqueueWarnings.causes(events));
    }
}
