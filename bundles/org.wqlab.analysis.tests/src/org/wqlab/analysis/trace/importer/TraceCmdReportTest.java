package org.wqlab.analysis.trace.importer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.Culprit;
import org.wqlab.analysis.ExperimentAnalyzer;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;

/** trace-cmd report text found by content, converted to ftrace text, and attributing a late report to hub_event. */
class TraceCmdReportTest {

    private static Path testdata(Path dir, String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = TraceCmdReportTest.class.getResourceAsStream("/testdata/" + name)) {
            Files.copy(in, p);
        }
        return p;
    }

    @Test
    void theBuiltInFormatsAreDeclarativeServices() throws Exception {
        BundleContext context = FrameworkUtil.getBundle(TraceImporters.class).getBundleContext();
        assertNotNull(context, "org.wqlab.analysis is not started");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Set<String> ids = Set.of();
        while (!ids.containsAll(Set.of("trace-cmd-report", "ftrace")) && System.nanoTime() < deadline) {
            Thread.sleep(20); // Declarative Services registers them soon after the bundle starts
            ids = new HashSet<>();
            for (ServiceReference<TraceImporter> ref : context.getServiceReferences(TraceImporter.class, null)) {
                ids.add(context.getService(ref).id());
                context.ungetService(ref);
            }
        }
        assertEquals(Set.of("trace-cmd-report", "ftrace"), ids);
        assertEquals(List.of("trace-cmd-report", "ftrace"),
                TraceImporters.installed().all().stream().map(TraceImporter::id).toList());
    }

    @Test
    void foundByContentNotByName(@TempDir Path dir) throws Exception {
        Path report = testdata(dir, "trace-cmd-report-hub-event.txt");
        Path renamed = Files.copy(report, dir.resolve("trace.log"));
        Path ftrace = testdata(dir, "debian61-hub-event.trace");
        TraceImporters importers = TraceImporters.builtIn();
        assertEquals("trace-cmd-report", importers.readerOf(report).id());
        assertEquals("trace-cmd-report", importers.readerOf(renamed).id());
        assertEquals("ftrace", importers.readerOf(ftrace).id());
        Path binary = Files.write(dir.resolve("trace.dat"), new byte[] {0x17, 0x08, 0x44, 0, 0, 0, 0, 0, 0, 0});
        InputException e = assertThrows(InputException.class, () -> importers.readerOf(binary));
        assertTrue(e.getMessage().contains("trace.dat") && e.getMessage().contains("trace-cmd report text"),
                e.getMessage());
    }

    @Test
    void rewritesThePluginsSchedSwitchAndDroppedEvents() {
        assertEquals("     kworker/0:2-123   [000]   812.330150: sched_switch: prev_comm=kworker/0:2 prev_pid=123 "
                + "prev_prio=120 prev_state=D ==> next_comm=swapper/0 next_pid=0 next_prio=120",
                TraceCmdReport.convert("     kworker/0:2-123   [000]   812.330150: sched_switch:         "
                        + "kworker/0:2:123 [120] D ==> swapper/0:0 [120]"));
        assertEquals("CPU:1 [LOST 17 EVENTS]", TraceCmdReport.convert("CPU:1 [17 EVENTS DROPPED]"));
        assertEquals("# cpus=2", TraceCmdReport.convert("cpus=2"));
        assertEquals("  <idle>-0     [000]   812.330200: irq_handler_entry: irq=34 name=xhci_hcd",
                TraceCmdReport.convert("  <idle>-0     [000]   812.330200: irq_handler_entry:    irq=34 name=xhci_hcd"));
        String kernelFormat = "  bash-300 [001]   813.6: sched_switch: prev_comm=bash prev_pid=300 prev_prio=120 "
                + "prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120";
        assertEquals(kernelFormat, TraceCmdReport.convert(kernelFormat));
    }

    @Test
    void importedBesideAKernelLogAttributesTheDelayToHubEvent(@TempDir Path dir) throws Exception {
        Path report = testdata(dir, "trace-cmd-report-hub-event.txt");
        Path log = testdata(dir, "trace-cmd-report-hub-event.dmesg");
        Workspace ws = new Workspace(dir.resolve("ws"));
        ExperimentFolder folder = ExperimentLoader.importLog(ws, log, "pull", Instant.parse("2026-12-07T14:00:00Z"))
                .folder();

        String note = TraceImporters.builtIn().importInto(folder, report);

        assertTrue(note.contains("trace-cmd report text") && note.contains("6 sched_switch lines rewritten"), note);
        assertArrayEquals(Files.readAllBytes(report), Files.readAllBytes(folder.dir().resolve(TraceImporters.SOURCE)));
        assertTrue(Files.readString(AnalysisFiles.traceLog(folder)).contains(
                "prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=kworker/0:2 next_pid=123"));
        Analysis a = assertHubEventOnCpu0(folder, 1_020_000L, "kworker/0:2", 17);
        assertTrue(a.verdict().headline().contains("hub_event [usbcore] on usb_hub_wq (kworker/0:2) held CPU 0"),
                a.verdict().headline());
    }

    /** trace-cmd 3.1.6 recorded on the virtual board during a pull (see testdata/vboard-trace-cmd.how.txt). */
    @Test
    void theRealToolsReportOfAPullNamesHubEvent(@TempDir Path dir) throws Exception {
        Path report = testdata(dir, "vboard-trace-cmd-report.txt");
        Path log = testdata(dir, "vboard-trace-cmd.dmesg");
        ExperimentFolder folder = ExperimentLoader.importLog(new Workspace(dir.resolve("ws")), log, "vboard pull",
                Instant.parse("2026-12-07T14:00:00Z")).folder();

        String note = TraceImporters.builtIn().importInto(folder, report);

        assertTrue(note.contains("(trace-cmd report text)"), note);
        assertTrue(folder.readMetadata().notes().endsWith("; " + note), folder.readMetadata().notes());
        assertArrayEquals(Files.readAllBytes(report), Files.readAllBytes(folder.dir().resolve(TraceImporters.SOURCE)));
        Analysis a = assertHubEventOnCpu0(folder, 357_000L, "kworker/0:0", 0);
        assertTrue(a.verdict().headline().contains("hub_event"), a.verdict().headline());
    }

    /** The worst delay, on CPU 0 by the trace, attributed to hub_event on usb_hub_wq; sched and irq traced. */
    private static Analysis assertHubEventOnCpu0(ExperimentFolder folder, long delayUs, String worker, long lost)
            throws InputException {
        Analysis a = ExperimentAnalyzer.analyze(folder);
        assertEquals(0, a.worst().cpu());
        assertEquals("trace", a.worst().cpuSource());
        assertEquals(delayUs, a.worst().delayUs());
        Culprit c = a.worst().culprits().get(0);
        assertEquals("hub_event", c.symbol());
        assertEquals("usb_hub_wq", c.workqueue());
        assertEquals(worker, c.worker());
        assertEquals(lost, a.trace().lostEvents());
        assertTrue(a.trace().schedSwitch() && a.trace().irq(), a.trace().toString());
        return a;
    }
}
