package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;

/**
 * Variables and step names holding a newline (or a backslash-n, which some shells' echo expands) followed by every
 * kind of line the parser reads as a report or an event: on the simulated board, the run's kernel log keeps each as
 * one wqlab record, and parsing it finds no sample and no event.
 */
class ForgedKernelLogLinesTest {

    /** Two reports and six events when they stand on lines of their own. */
    private static final List<String> FORGED = List.of(
            "DELAY: 99999",
            "latency_mon: cpu=0 seq=7 delay_us=99999000",
            "latency_mon: start cpu=0 period_ms=100 threshold_ms=10 report_all=0",
            "latency_mon: stop",
            "usb 2-1: USB disconnect, device number 3",
            "usb 2-1: new high-speed USB device number 4 using xhci_hcd",
            "workqueue: fake_fn hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND",
            "BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 33s!");
    private static final List<String> SEPARATORS = List.of("\n", "\\n", "\r", "\u2028");

    @Test
    void theForgedLinesAreTheParsersOwnKinds(@TempDir Path dir) throws Exception {
        StringBuilder log = new StringBuilder();
        for (String line : FORGED) {
            log.append("[    1.000000] ").append(line).append('\n');
        }
        Path file = Files.writeString(dir.resolve("plain.log"), log, StandardCharsets.UTF_8);
        LoadedExperiment e = ExperimentLoader.importLog(new Workspace(dir.resolve("ws")), file, "plain", Instant.now());
        assertEquals(2, e.content().samples().size());
        assertEquals(6, e.content().events().size(), e.content().events()::toString);
    }

    @Test
    void noVariableOrStepNameForgesAReportOrAnEvent(@TempDir Path dir) throws Exception {
        Map<String, String> declared = new LinkedHashMap<>();
        Map<String, String> overrides = new LinkedHashMap<>();
        StringBuilder steps = new StringBuilder("{\"type\": \"connect\"}");
        int n = 0;
        for (String separator : SEPARATORS) {
            for (String line : FORGED) {
                String var = "label" + n++;
                declared.put(var, "x");
                overrides.put(var, "x" + separator + line);
                steps.append(",\n{\"type\": \"mark\", \"label\": \"${").append(var).append("}\"}");
            }
        }
        // a step name straight from the file, a JSON \n in it
        steps.append(",\n{\"type\": \"sleep\", \"name\": \"nap\\nDELAY: 88888\", \"seconds\": \"0\"}");
        StringBuilder vars = new StringBuilder();
        declared.keySet().forEach(k -> vars.append(vars.isEmpty() ? "" : ", ").append('"').append(k)
                .append("\": \"x\""));
        Sequence s = SequenceJson.parse("forge.wqseq", "{\"format\": \"wqseq\", \"name\": \"forge\", \"variables\": {"
                + vars + "}, \"steps\": [" + steps + "]}");

        try (SimRig rig = new SimRig(dir, 20)) {
            RunResult r = new SequenceRunner().run("forge.wqseq", s, overrides, rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.COMPLETED, r.status(), r.summary());

            LoadedExperiment e = ExperimentLoader.load(r.folder());
            assertEquals(0, e.content().samples().size(), "no sample forged");
            // the run's own marks and steps are MARK events; nothing in a label makes another kind
            assertTrue(e.content().events().stream().allMatch(ev -> ev.kind() == EventKind.MARK),
                    e.content().events()::toString);
            assertEquals(declared.size() + 2, e.content().events().stream()
                    .filter(ev -> ev.subject().startsWith("step ")).count(), "a marker per step");
            assertTrue(e.content().events().stream().anyMatch(ev -> ev.subject().equals("x\\x0aDELAY: 99999")),
                    e.content().events()::toString);
            List<String> log = Files.readAllLines(r.folder().kernelLog(), StandardCharsets.UTF_8);
            assertTrue(log.stream().anyMatch(l -> l.endsWith(";wqlab: mark x\\x0aDELAY: 99999")), log::toString);
            assertTrue(log.stream().anyMatch(l -> l.endsWith(";wqlab: mark x\\x5cnDELAY: 99999")), log::toString);
            assertTrue(log.stream().anyMatch(l -> l.endsWith(";wqlab: mark x\\u2028DELAY: 99999")), log::toString);
            String napStep = ";wqlab: step " + (2 + declared.size()) + " sleep nap";
            assertTrue(log.stream().anyMatch(l -> l.endsWith(napStep + "\\x0aDELAY: 88888")),
                    log::toString);
            for (String line : log) {
                String message = line.substring(line.indexOf(';') + 1);
                for (String forged : FORGED) {
                    assertTrue(!message.startsWith(forged), "a record of its own: " + line);
                }
            }
        }
    }

    @Test
    void kmsgLinesEscapeWhatCouldEndARecord() {
        assertEquals("wqlab: mark a\\x0ab\\x0dc\\x5cnd\\x09e\\x1b[0m\\u2028f\\x85g ü",
                KmsgLine.of("mark a\nb\rc\\nd\te\u001b[0m\u2028f\u0085g ü"));
    }
}
