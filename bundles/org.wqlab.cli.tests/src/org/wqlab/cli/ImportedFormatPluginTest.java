package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.wqlab.core.model.InputException;
import org.wqlab.klog.importer.KernelLogOutput;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A log format brought by another bundle, registered as a service, is what {@code wqlab import} and
 * {@code wqlab stats LOG} then use.
 */
class ImportedFormatPluginTest {

    @TempDir
    Path tmp;

    /** {@code trace-cmd report} output of a tracepoint that reports each delay, turned into dmesg lines. */
    static final class TraceCmdReport implements LogImporter {
        private static final Pattern EVENT = Pattern
                .compile("\\s*\\S+-\\d+\\s+\\[(\\d{3})\\]\\s+(\\d+)\\.(\\d{6}): latency_delay: delay_ms=(\\d+)");

        @Override
        public String id() {
            return "trace-cmd";
        }

        @Override
        public String name() {
            return "trace-cmd report";
        }

        @Override
        public boolean reads(Path file, LogHead head) {
            return !head.lines().isEmpty() && head.lines().get(0).startsWith("cpus=");
        }

        @Override
        public String importInto(Path file, KernelLogOutput out) throws IOException, InputException {
            int events = 0;
            long lineNo = 0;
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                String line;
                while ((line = in.readLine()) != null) {
                    lineNo++;
                    if (lineNo == 1) {
                        continue;
                    }
                    Matcher m = EVENT.matcher(line);
                    if (!m.matches()) {
                        throw new InputException(file, lineNo, "not a latency_delay event");
                    }
                    byte[] dmesg = String.format("[%5d.%s] DELAY: %s%n", Long.parseLong(m.group(2)), m.group(3),
                            m.group(4)).getBytes(StandardCharsets.UTF_8);
                    out.write(dmesg, 0, dmesg.length);
                    events++;
                }
            }
            return events + " trace-cmd events";
        }
    }

    @Test
    void importUsesAnImporterRegisteredByAnotherBundle() throws Exception {
        Path report = tmp.resolve("trace.dat.txt");
        Files.writeString(report, """
                cpus=4
                     kworker/0:1-45    [000]  2001.104230: latency_delay: delay_ms=12
                     kworker/1:0-46    [001]  2002.000001: latency_delay: delay_ms=1929
                     kworker/0:1-45    [000]  2003.500000: latency_delay: delay_ms=7
                """);
        assertEquals("kernel-text", LogImporters.installed().readerOf(report, LogHead.of(report)).id(),
                "without the plug-in the report is only text");

        BundleContext context = FrameworkUtil.getBundle(LogImporters.class).getBundleContext();
        ServiceRegistration<LogImporter> registration = context.registerService(LogImporter.class,
                new TraceCmdReport(), null);
        try {
            List<String> ids = LogImporters.installed().all().stream().map(LogImporter::id).toList();
            // other bundles' formats first (org.wqlab.lava's job log, this test's trace-cmd report), kernel-text last
            assertEquals(List.of("lava-job", "trace-cmd", "kmsg", "journal", "serial", "dmesg", "kernel-text"), ids);

            Path ws = tmp.resolve("ws");
            CliRun imp = CliRun.of("import", report.toString(), "--workspace", ws.toString(), "--name", "traced");
            assertEquals(0, imp.code(), imp.err());
            assertTrue(imp.out().contains("3 lines: 3 samples, 0 events, 0 anomalies, 0 context"), imp.out());
            assertTrue(imp.out().contains("max 1929.000"), imp.out());
            Path exp;
            try (var s = Files.list(ws)) {
                exp = s.findFirst().orElseThrow();
            }
            assertEquals("[ 2001.104230] DELAY: 12", Files.readAllLines(exp.resolve("kernel.log")).get(0));
            String metadata = Files.readString(exp.resolve("experiment.json"));
            assertTrue(metadata.contains("(trace-cmd report); 3 trace-cmd events"), metadata);
            assertEquals(Files.readString(report), Files.readString(exp.resolve("source/trace.dat.txt")),
                    "the report the plug-in converted is kept as it was");
            assertTrue(imp.out().contains("source: trace.dat.txt (trace-cmd), kept as source/trace.dat.txt"),
                    imp.out());

            // stats of the file itself reads it through the same importer
            CliRun stats = CliRun.of("stats", report.toString(), "--json");
            assertEquals(0, stats.code(), stats.err());
            JsonObject delays = JsonParser.parseString(stats.out()).getAsJsonObject().getAsJsonObject("delayUs");
            assertEquals(3, delays.get("count").getAsInt(), stats.out());
            assertEquals(1_929_000, delays.get("max").getAsLong(), stats.out());

            Path broken = tmp.resolve("broken.txt");
            Files.writeString(broken, "cpus=1\nnot an event\n");
            CliRun bad = CliRun.of("import", broken.toString(), "--workspace", ws.toString());
            assertEquals(2, bad.code());
            assertTrue(bad.err().contains(broken + ":2: not a latency_delay event"), bad.err());
            try (var s = Files.list(ws)) {
                assertEquals(List.of(exp), s.toList(), "the refused report left no folder");
            }
            CliRun badStats = CliRun.of("stats", broken.toString());
            assertEquals(2, badStats.code());
            assertTrue(badStats.err().contains(broken + ":2: not a latency_delay event"), badStats.err());
        } finally {
            registration.unregister();
        }
        assertEquals("kernel-text", LogImporters.installed().readerOf(report, LogHead.of(report)).id());
    }
}
