package org.wqlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.Event;
import org.wqlab.klog.KlogFiles;
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

    @Test
    void aLockupsCauseNamesWhatWasInFlightInTheStuckPoolWhenTheDumpSaysIt(@TempDir Path tmp) throws Exception {
        Path log = Files.writeString(tmp.resolve("lockup.log"), """
                [   72.000000] BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 31s!
                [   72.000020] Showing busy workqueues and worker pools:
                [   72.000030] workqueue events: flags=0x0
                [   72.000040]   pwq 2: cpus=1 node=0 flags=0x0 nice=0 active=1/256 refcnt=2
                [   72.000050]     in-flight: 99:vmstat_update
                [   72.000060]   pwq 0: cpus=0 node=0 flags=0x0 nice=0 active=2/256 refcnt=3
                [   72.000070]     in-flight: 1234:hub_event
                [   72.000080] pool 0: cpus=0 node=0 flags=0x0 nice=0 hung=31s workers=3 idle: 5 6
                """);
        assertEquals(List.of("the kernel reported a workqueue lockup at line 1: the pool of CPUs 0 made no progress"
                + " for 31 s; hub_event in flight in it (the busy-pool dump at lines 2-8)"),
                KernelWorkqueueWarnings.causes(KlogFiles.read(log).events()));
    }
}
