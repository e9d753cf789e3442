package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The default sequence on the simulated board (real SSH, the runner's own tracefs instance): where the stall went,
 * checked against the simulator's ground truth of its interrupts, through {@code stats --json} and {@code explain}.
 */
class DelayBreakdownRunTest {

    @Test
    void theStallIsHubEventAndTheInterruptsMatchTheGroundTruth(@TempDir Path dir) throws Exception {
        Path ws = dir.resolve("ws");
        Path truth = dir.resolve("ground-truth.jsonl");
        CliRun run = CliRun.of("run", "--board", "sim", "--sim-speed", "10", "--workspace", ws.toString(),
                "--ground-truth", truth.toString(), "--var", "size.mib=1024", "--json");
        assertEquals(0, run.code(), run.out() + run.err());
        Path experiment = Path.of(JsonParser.parseString(run.out()).getAsJsonObject().get("experiment").getAsString());

        CliRun stats = CliRun.of("stats", experiment.toString(), "--json");
        assertEquals(0, stats.code(), stats.err());
        JsonObject b = JsonParser.parseString(stats.out()).getAsJsonObject().getAsJsonObject("verdict")
                .getAsJsonObject("breakdown");
        long delay = b.get("delayUs").getAsLong();
        assertTrue(delay > 1_000_000, "the stall: " + b);
        assertTrue(b.get("irqTraced").getAsBoolean() && b.get("schedTraced").getAsBoolean(), b::toString);
        long explained = b.get("explainedUs").getAsLong();
        assertTrue(explained >= 0.95 * delay, "explained " + explained + " of " + delay + " us: " + b);
        List<JsonObject> parts = b.getAsJsonArray("parts").asList().stream().map(JsonElement::getAsJsonObject).toList();
        assertEquals(delay, parts.stream().mapToLong(p -> p.get("us").getAsLong()).sum(), "the parts sum to the delay");
        JsonObject hub = parts.stream().filter(p -> p.get("name").getAsString().equals("hub_event")).findFirst()
                .orElseThrow(() -> new AssertionError(b.toString()));
        assertEquals("work", hub.get("kind").getAsString());
        assertTrue(hub.get("us").getAsLong() >= 0.90 * delay, "hub_event " + hub + " of " + delay);
        assertEquals("unexplained", parts.get(parts.size() - 1).get("kind").getAsString());

        int cpu = b.get("cpu").getAsInt();
        long fromNs = b.get("fromUs").getAsLong() * 1000;
        long toNs = b.get("toUs").getAsLong() * 1000;
        long[] truthUs = interruptTruthUs(truth, cpu, fromNs, toNs);
        long hardUs = sum(parts, "hardirq");
        long softUs = sum(parts, "softirq");
        assertTrue(truthUs[0] > 0 && truthUs[1] > 0, "the ground truth has ticks and softirqs in the stall");
        assertEquals(truthUs[0], hardUs, 0.05 * truthUs[0], "hard IRQs vs ground truth");
        assertEquals(truthUs[1], softUs, 0.05 * truthUs[1], "softirqs vs ground truth");

        CliRun explain = CliRun.of("explain", experiment.toString(), "--table");
        assertEquals(0, explain.code(), explain.err());
        String text = explain.out();
        assertTrue(text.contains("where the worst delay went on CPU " + cpu), text);
        assertTrue(text.matches("(?s).*\\n  hub_event +work item +\\d+ +9\\d\\.\\d\\n.*"), text);
        assertTrue(text.contains("arch_timer") && text.contains("hard IRQ"), text);
        assertTrue(text.matches("(?s).*\\n  unexplained +unexplained +[\\d.]+ +\\d+\\.\\d\\n.*"), text);
        assertTrue(text.contains("end of the stall") && text.contains("CPU 0 kworker/0:"), text);
        assertTrue(text.contains("(hub_event)"), "the dump names the work item the kworker ran: " + text);
        assertTrue(text.contains("work functions per CPU: queue-to-start latency and execution time"), text);
        assertTrue(text.matches("(?s).*\\n\\* latency_mon_work +0 +\\d+ .*"), "the monitor's row on CPU 0: " + text);
        assertTrue(text.matches("(?s).*\\n  hub_event +0 +1 .*"), text);

        CliRun report = CliRun.of("report", experiment.toString(), "--text");
        assertEquals(0, report.code(), report.err());
        assertTrue(report.out().contains("where it went") && report.out().contains("hub_event 9"), report.out());
        Path html = dir.resolve("report.html");
        assertEquals(0, CliRun.of("report", experiment.toString(), "--html", html.toString()).code());
        String page = Files.readString(html);
        assertTrue(page.contains("id=\"breakdown-0\"") && page.contains("<td>hub_event</td><td>work item</td>"),
                "the HTML report's breakdown table");
    }

    /** {hard IRQ us, softirq us without the hard IRQs inside it} on the CPU inside [fromNs, toNs]. */
    private static long[] interruptTruthUs(Path truth, int cpu, long fromNs, long toNs) throws Exception {
        List<JsonObject> irqs;
        try (Stream<String> lines = Files.lines(truth)) {
            irqs = lines.map(l -> JsonParser.parseString(l).getAsJsonObject())
                    .filter(o -> o.get("type").getAsString().equals("interrupt") && o.get("cpu").getAsInt() == cpu)
                    .toList();
        }
        long hard = 0;
        long soft = 0;
        for (JsonObject o : irqs) {
            long a = Math.max(fromNs, o.get("startNs").getAsLong());
            long z = Math.min(toNs, o.get("endNs").getAsLong());
            if (z <= a) {
                continue;
            }
            if (o.get("kind").getAsString().equals("hardirq")) {
                hard += z - a;
            } else {
                long inner = irqs.stream().filter(h -> h.get("kind").getAsString().equals("hardirq"))
                        .mapToLong(h -> Math.max(0, Math.min(z, h.get("endNs").getAsLong())
                                - Math.max(a, h.get("startNs").getAsLong()))).sum();
                soft += z - a - inner;
            }
        }
        return new long[] {hard / 1000, soft / 1000};
    }

    private static long sum(List<JsonObject> parts, String kind) {
        return parts.stream().filter(p -> p.get("kind").getAsString().equals(kind)).mapToLong(p -> p.get("us")
                .getAsLong()).sum();
    }
}
