package org.wqlab.lava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;

/**
 * A LAVA job log saved from LAVA is found by content among the installed importers (not taken for a dmesg or a
 * console capture) and becomes the kernel log: a wqlab job's marked records, or any job's console kernel lines.
 */
class LavaJobLogImporterTest {

    private static final String HEAD = """
            - {"dt": "2026-12-07T01:00:44.717857", "lvl": "info", "msg": "Boot command: qemu-system-x86_64"}
            - {"dt": "2026-12-07T01:00:47.719506", "lvl": "target", "msg": "[    0.084370] Kernel command line: console=ttyS0"}
            """;

    @TempDir
    Path dir;

    @Test
    void aWqlabJobsLogGivesItsStreamedRecords() throws Exception {
        Path log = dir.resolve("job_9.yaml");
        Files.writeString(log, HEAD + """
                - {"dt": "2026-12-07T01:01:02.025552", "lvl": "target", "msg": "root@wqlab-lava:~# <wqlab-kmsg>6,585,14086648,-;usb 2-1: USB disconnect, device number 2"}
                - {"dt": "2026-12-07T01:01:02.3", "lvl": "target", "msg": "<wqlab-kmsg>6,586,14386648,-;latency_mon: cpu=0 seq=70 delay_us=355300"}
                - {"dt": "2026-12-07T01:01:02.4", "lvl": "results", "msg": {"case": "step-10", "definition": "0_wqlab-1", "result": "pass"}}
                """);
        LogImporter importer = LogImporters.installed().readerOf(log, LogHead.of(log));
        assertEquals("lava-job", importer.id(), "the installed importer that reads a LAVA job log");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String note = importer.importInto(log, out::write);
        assertEquals("6,585,14086648,-;usb 2-1: USB disconnect, device number 2\n"
                + "6,586,14386648,-;latency_mon: cpu=0 seq=70 delay_us=355300\n", out.toString(StandardCharsets.UTF_8));
        assertEquals("LAVA job log: 2 kernel records streamed by the job", note);
    }

    @Test
    void anyOtherJobsLogGivesTheKernelLinesOfItsConsole() throws Exception {
        Path log = dir.resolve("job_3.yaml");
        Files.writeString(log, HEAD + """
                - {"dt": "2026-12-07T00:44:59.487414", "lvl": "target", "msg": "[    8.806329] usb 2-1: USB disconnect, device number 2"}
                - {"dt": "2026-12-07T00:44:59.5", "lvl": "target", "msg": "+ lava-test-case worst --result pass"}
                """);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String note = new LavaJobLogImporter().importInto(log, out::write);
        assertEquals("[    0.084370] Kernel command line: console=ttyS0\n"
                + "[    8.806329] usb 2-1: USB disconnect, device number 2\n", out.toString(StandardCharsets.UTF_8));
        assertTrue(note.startsWith("LAVA job log: 2 kernel lines from the device's console"), note);
    }
}
