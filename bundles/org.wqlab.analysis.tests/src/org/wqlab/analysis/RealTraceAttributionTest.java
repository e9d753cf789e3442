package org.wqlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.trace.WorkTimeline;
import org.wqlab.core.samples.LogContent;
import org.wqlab.klog.KlogFiles;

/**
 * Attribution on text in the real kernel's formats (Debian 6.1 under QEMU: module suffixes, lm_work_fn of the real
 * latency-mon, a preemption by a user task, a lost-events line): the delay is found on CPU 0 through the monitor's
 * own work item and attributed to {@code hub_event [usbcore]}, its time held net of the preemption.
 */
class RealTraceAttributionTest {

    @Test
    void namesHubEventWithItsModuleFromTheRealFormat(@TempDir Path dir) throws Exception {
        List<String> trace;
        try (InputStream in = getClass().getResourceAsStream("/testdata/debian61-hub-event.trace")) {
            trace = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        Path log = dir.resolve("dmesg.log");
        Files.writeString(log, """
                [  812.300090] usb 2-1: USB disconnect, device number 2
                [  813.400190] DELAY: 1020
                """);
        LogContent content = KlogFiles.read(log);
        VerdictFacts facts = VerdictFacts.from(Map.of("kernelRelease", "6.1.0-27-amd64", "cpus", "2", "bogomips",
                "5999.99", "config.CONFIG_HZ", "250", "usbIrq", "34", "usbIrqName", "xhci_hcd", "usbIrqCpu", "0"), null);
        Analysis a = ExperimentAnalyzer.analyze("qemu", content, WorkTimeline.build(trace), facts, -1);

        AttributedDelay d = a.worst();
        assertEquals(0, d.cpu());
        assertEquals("trace", d.cpuSource());
        assertEquals(813_400_170L, d.lateToUs());
        assertEquals(1_020_000L, d.delayUs());
        assertEquals(1_020_169L, d.waitedUs());
        Culprit c = d.culprits().get(0);
        assertEquals("hub_event [usbcore]", c.function());
        assertEquals("hub_event", c.symbol());
        assertEquals("usb_hub_wq", c.workqueue());
        assertEquals("kworker/0:2", c.worker());
        assertEquals(1_019_980L - 50_000L, c.heldUs());
        assertEquals(Boolean.TRUE, c.cpuBoundDuringDelay());
        assertEquals(Boolean.FALSE, c.cpuBound());
        Verdict v = a.verdict();
        assertEquals(Verdict.STALLED, v.kind(), v.text());
        assertTrue(v.headline().contains("hub_event [usbcore] on usb_hub_wq (kworker/0:2) held CPU 0 for 970.0 ms"),
                v.headline());
        assertTrue(v.text().contains("Linux 6.1.0-27-amd64 predates 6.5"), v.text());
        // BogoMIPS above 4000: no scaling, the kernel's 10 ms default
        assertTrue(v.text().contains("(IRQ 34, xhci_hcd) is served on CPU 0"), v.text());
        assertTrue(v.text().contains("(10 ms, not scaled: the kernel's integer BogoMIPS (loops_per_jiffy / 500000 x HZ, "
                + "from BogoMIPS 5999.99 at HZ 250) is 5750, not below 4000 on this board)"), v.text());
    }
}
