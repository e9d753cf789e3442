package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wqlab import LOG --trace REPORT}: a trace-cmd report as the experiment's trace, analysed. */
class ImportTraceTest {

    @TempDir
    Path tmp;

    @Test
    void aTraceCmdReportBesideTheLogNamesHubEvent() throws IOException {
        Path log = Files.writeString(tmp.resolve("dmesg.txt"), """
                [  812.300090] usb 2-1: USB disconnect, device number 2
                [  813.400190] DELAY: 1020
                """);
        Path report = Files.writeString(tmp.resolve("report.txt"), """
                cpus=1
                          <idle>-0     [000]   812.300112: workqueue_queue_work: work struct=00000000a1b2c3d4 \
                function=hub_event [usbcore] workqueue=usb_hub_wq req_cpu=8192 cpu=0
                          <idle>-0     [000]   812.300140: sched_switch:         swapper/0:0 [120] R ==> \
                kworker/0:2:123 [120]
                     kworker/0:2-123   [000]   812.300150: workqueue_execute_start: work struct 00000000a1b2c3d4: \
                function hub_event [usbcore]
                          <idle>-0     [000]   812.380000: workqueue_queue_work: work struct=00000000deadbeef \
                function=lm_work_fn [latency_mon] workqueue=events req_cpu=0 cpu=0
                     kworker/0:2-123   [000]   813.400150: workqueue_execute_end: work struct 00000000a1b2c3d4: \
                function hub_event [usbcore]
                     kworker/0:2-123   [000]   813.400160: sched_switch:         kworker/0:2:123 [120] I ==> \
                kworker/0:1:35 [120]
                     kworker/0:1-35    [000]   813.400170: workqueue_execute_start: work struct 00000000deadbeef: \
                function lm_work_fn [latency_mon]
                """);
        Path ws = tmp.resolve("ws");
        CliRun run = CliRun.of("import", log.toString(), "--trace", report.toString(), "--workspace", ws.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("(trace-cmd report text)"), run.out());
        assertTrue(run.out().contains("verdict: ") && run.out().contains("hub_event [usbcore] on usb_hub_wq"),
                run.out());
        Path folder;
        try (var s = Files.list(ws)) {
            folder = s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertEquals(Files.readString(report), Files.readString(folder.resolve("trace.source")));
        assertTrue(Files.isRegularFile(folder.resolve("analysis.json")));

        CliRun two = CliRun.of("import", log.toString(), log.toString(), "--trace", report.toString(),
                "--workspace", ws.toString());
        assertEquals(ExitCodes.BAD_INPUT, two.code());
        assertTrue(two.err().contains("--trace goes with one LOG, not 2"), two.err());
    }
}
