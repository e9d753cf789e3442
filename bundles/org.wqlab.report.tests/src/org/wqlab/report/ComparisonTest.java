package org.wqlab.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.store.LoadedExperiment;

/**
 * The comparison's numbers against values computed here straight from the recorded files (the kernel log lines
 * and run.json read with regular expressions, not through the parser or the statistics).
 */
class ComparisonTest {

    private static final Pattern KMSG = Pattern.compile("^\\d+,\\d+,(\\d+),[^;]*;(.*)$");
    private static final Pattern DELAY = Pattern.compile("^DELAY: (\\d+)$");
    private static final Pattern PULL = Pattern.compile("^usb \\S+: USB disconnect, device number \\d+$");
    private static final Pattern CACHED = Pattern.compile("\"cachedKbBeforeDisconnect\": \\[\\s*(\\d+)");

    /** What the files say, independently of the code under test. */
    private record Expected(long[] timesUs, long[] delaysUs, long pullUs, long cachedKb) {
        long worst() {
            return Arrays.stream(delaysUs).max().orElseThrow();
        }

        long p99() {
            long[] sorted = delaysUs.clone();
            Arrays.sort(sorted);
            int rank = (int) Math.ceil(0.99 * sorted.length);
            return sorted[Math.max(rank, 1) - 1];
        }
    }

    private static Expected expected(Path dir) throws Exception {
        List<Long> times = new ArrayList<>();
        List<Long> delays = new ArrayList<>();
        long pull = -1;
        for (String line : Files.readAllLines(dir.resolve("kernel.log"), StandardCharsets.UTF_8)) {
            Matcher m = KMSG.matcher(line);
            assertTrue(m.matches(), line);
            Matcher d = DELAY.matcher(m.group(2));
            if (d.matches()) {
                times.add(Long.parseLong(m.group(1)));
                delays.add(Long.parseLong(d.group(1)) * 1000);
            } else if (pull < 0 && PULL.matcher(m.group(2)).matches()) {
                pull = Long.parseLong(m.group(1));
            }
        }
        Matcher c = CACHED.matcher(Files.readString(dir.resolve("run.json")));
        return new Expected(times.stream().mapToLong(Long::longValue).toArray(),
                delays.stream().mapToLong(Long::longValue).toArray(), pull, c.find() ? Long.parseLong(c.group(1)) : -1);
    }

    @Test
    void rowsSeriesAndVerdictMatchTheRecordedFiles(@TempDir Path dir) throws Exception {
        List<LoadedExperiment> loaded = TestData.load(dir, TestData.PROFILES);
        Comparison c = Comparison.of(loaded);
        assertEquals(List.of("default", "tailored", "linux6.12"), c.labels());
        List<Expected> expected = new ArrayList<>();
        for (int i = 0; i < loaded.size(); i++) {
            Path folder = loaded.get(i).folder().dir();
            Expected x = expected(folder);
            expected.add(x);
            ComparisonRow row = c.rows().get(i);
            assertTrue(x.pullUs() > 0, "every default run pulls the stick");
            assertEquals(x.delaysUs().length, row.count());
            assertEquals(x.worst(), row.worstUs());
            assertEquals(x.p99(), row.p99Us());
            long worstAfter = -1;
            for (int k = 0; k < x.timesUs().length; k++) {
                if (x.timesUs()[k] > x.pullUs()) {
                    worstAfter = Math.max(worstAfter, x.delaysUs()[k]);
                }
            }
            assertEquals(worstAfter, row.worstAfterDisconnectUs());
            assertEquals(x.cachedKb(), row.cachedKb());
            assertTrue(x.cachedKb() > 1_000_000, "the 4 GiB copy fills the cache: " + x.cachedKb());
            assertEquals("Simulated rcar-h3-" + TestData.PROFILES.get(i), row.board());

            AlignedSeries s = c.series().get(i);
            assertEquals(c.labels().get(i), s.name());
            double[] seconds = Arrays.stream(x.timesUs()).mapToDouble(t -> (t - x.pullUs()) / 1e6).toArray();
            double[] ms = Arrays.stream(x.delaysUs()).mapToDouble(d -> d / 1000.0).toArray();
            assertArrayEquals(seconds, s.secondsFromDisconnect(), 1e-9);
            assertArrayEquals(ms, s.delayMs(), 1e-9);
        }
        assertEquals("5.4.72-yocto-standard", c.rows().get(0).kernel());
        assertEquals("6.12.9-yocto-standard", c.rows().get(2).kernel());
        assertTrue(c.rows().get(2).config().contains("WQ_CPU_INTENSIVE_REPORT"), c.rows().get(2).config());

        int best = 0;
        for (int i = 1; i < expected.size(); i++) {
            if (expected.get(i).worst() < expected.get(best).worst()) {
                best = i;
            }
        }
        String bestLabel = c.labels().get(best);
        assertTrue(c.verdict().startsWith("The worst delay of " + bestLabel + " (" + expected.get(best).worst() / 1000
                + " ms) is "),
                c.verdict());
        for (int i = 0; i < expected.size(); i++) {
            if (i != best) {
                double ratio = (double) expected.get(i).worst() / expected.get(best).worst();
                String part = String.format(Locale.ROOT, "%.1fx shorter than that of %s (%d ms)", ratio, c.labels().get(i),
                        expected.get(i).worst() / 1000);
                assertTrue(c.verdict().contains(part), c.verdict() + " should contain " + part);
            }
        }
    }

    @Test
    void twoExperimentsGiveTheRatioOfTheirWorstDelays(@TempDir Path dir) throws Exception {
        Comparison c = Comparison.of(TestData.load(dir, List.of("tailored", "default")));
        Expected tailored = expected(c.experiments().get(0).folder().dir());
        Expected def = expected(c.experiments().get(1).folder().dir());
        String ratio = String.format(Locale.ROOT, "%.1f", (double) def.worst() / tailored.worst());
        assertEquals("The worst delay of tailored (" + tailored.worst() / 1000 + " ms) is " + ratio
                + "x shorter than that of default (" + def.worst() / 1000 + " ms)", c.verdict());
    }

    @Test
    void anExperimentWithoutDisconnectIsAlignedAtItsFirstSampleAndSaysSo(@TempDir Path dir) throws Exception {
        Path folder = TestData.copy("default", dir);
        Path log = folder.resolve("kernel.log");
        List<String> kept = Files.readAllLines(log).stream().filter(l -> !l.contains("USB disconnect")).toList();
        Files.write(log, kept);
        Expected x = expected(folder);
        Comparison c = Comparison.of(List.of(org.wqlab.klog.ExperimentLoader.load(
                new org.wqlab.core.store.ExperimentFolder(folder))));
        double[] seconds = Arrays.stream(x.timesUs()).mapToDouble(t -> (t - x.timesUs()[0]) / 1e6).toArray();
        assertArrayEquals(seconds, c.series().get(0).secondsFromDisconnect(), 1e-9);
        assertEquals(-1, c.rows().get(0).worstAfterDisconnectUs());
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("aligned at its first sample")), c.notes()::toString);
    }

    @Test
    void equalWorstDelaysAreOnParAndAnExperimentWithoutReportsIsLeftOutOfTheVerdict(@TempDir Path dir)
            throws Exception {
        Path a = TestData.copy("default", dir.resolve("a"));
        Path b = TestData.copy("default", dir.resolve("b"));
        Path quiet = TestData.copy("tailored", dir.resolve("c"));
        Path log = quiet.resolve("kernel.log");
        Files.write(log, Files.readAllLines(log).stream().filter(l -> !l.contains("DELAY:")).toList());
        List<LoadedExperiment> loaded = new ArrayList<>();
        for (Path p : List.of(a, b, quiet)) {
            loaded.add(org.wqlab.klog.ExperimentLoader.load(new org.wqlab.core.store.ExperimentFolder(p)));
        }
        Comparison c = Comparison.of(loaded);
        Expected x = expected(a);
        assertEquals(0, c.rows().get(2).count());
        // the two copies share name, board, kernel and id: told apart by their position
        assertEquals(c.labels().get(0).replace("#1", "#2"), c.labels().get(1));
        assertEquals("The worst delay of " + c.labels().get(0) + " (" + x.worst() / 1000 + " ms) is on par with that of "
                + c.labels().get(1) + " (" + x.worst() / 1000 + " ms) (within 5%)", c.verdict());
        assertTrue(c.notes().contains(c.labels().get(2) + ": no delay was reported, left out of the verdict"),
                c.notes()::toString);
    }
}
