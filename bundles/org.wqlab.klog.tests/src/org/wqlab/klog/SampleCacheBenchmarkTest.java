package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.KernelLogCheck;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.SampleCache;
import org.wqlab.core.store.Workspace;

/**
 * A benchmark, skipped unless {@code -Dwqlab.bench=true}: a sealed experiment with 10M samples over 4 CPUs in its
 * kernel.log (written first, not timed) is opened with {@link ExperimentLoader#load} twice: first without a sample
 * cache (the parse, plus writing the cache), then from the cache (median of three). Prints both, their ratio, and
 * the Java heap retained per sample after each open (memory-mapped cache pages are not on the heap and not
 * counted). Asserts only that both opens give the same content.
 */
@EnabledIfSystemProperty(named = "wqlab.bench", matches = "true")
class SampleCacheBenchmarkTest {
    private static final long SAMPLES = Long.getLong("wqlab.bench.samples", 10_000_000L);
    private static final int CPUS = 4;
    private static final int LARGEST_US = 6_781_904;

    @TempDir
    Path tmp;

    @Test
    void tenMillionSamplesOpenFromTheCache() throws Exception {
        Instant created = Instant.parse("2026-11-29T00:00:00Z");
        ExperimentFolder folder = new Workspace(tmp).create("ten million samples", created);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(folder.kernelLog()), 1 << 20)) {
            writeLog(out);
        }
        folder.writeMetadata(ExperimentMetadata.of(folder.id(), "ten million samples", created,
                ExperimentStatus.COMPLETED).withKernelLog(KernelLogCheck.seal(folder.kernelLog())));
        long logBytes = Files.size(folder.kernelLog());

        long heap0 = usedHeapAfterGc();
        long t0 = System.nanoTime();
        LoadedExperiment parsed = ExperimentLoader.load(folder);
        long t1 = System.nanoTime();
        long heapParsed = usedHeapAfterGc() - heap0;
        LogContent parsedContent = parsed.content();
        long cacheBytes = Files.size(SampleCache.file(folder));
        long w0 = System.nanoTime();
        SampleCache.write(folder, SampleCache.LogKey.of(folder.kernelLog()), ParserFingerprint.VALUE,
                parsedContent);
        long w1 = System.nanoTime();
        int parsedSize = parsedContent.samples().size();
        int parsedMax = max(parsedContent.samples());
        int parsedEvents = parsedContent.events().size();
        parsed = null;
        parsedContent = null;

        long[] cachedNanos = new long[3];
        long heapCached = 0;
        LoadedExperiment cached = null;
        for (int run = 0; run < cachedNanos.length; run++) {
            cached = null;
            long heap1 = usedHeapAfterGc();
            long c0 = System.nanoTime();
            cached = ExperimentLoader.load(folder);
            cachedNanos[run] = System.nanoTime() - c0;
            heapCached = usedHeapAfterGc() - heap1;
        }
        assertEquals(SAMPLES, cached.content().samples().size());
        assertEquals(parsedSize, cached.content().samples().size());
        assertEquals(parsedMax, max(cached.content().samples()));
        assertEquals(LARGEST_US, parsedMax);
        assertEquals(parsedEvents, cached.content().events().size());
        assertEquals(KlogFiles.read(folder.kernelLog()), cached.content(), "the cache holds what a parse gives");

        Arrays.sort(cachedNanos);
        double firstMs = (t1 - t0) / 1e6;
        double writeMs = (w1 - w0) / 1e6;
        double cachedMs = cachedNanos[1] / 1e6;
        System.out.printf(Locale.ROOT,
                "SAMPLE CACHE BENCHMARK: %,d samples, %d CPUs, kernel.log %,d MB, samples.cache %,d MB%n"
                        + "  first open without a cache (parse kernel.log + write the cache): %.0f ms"
                        + " (of it writing the cache about %.0f ms)%n"
                        + "  open from the cache (seal + key check, map, read columns), median of 3: %.0f ms"
                        + " (runs %.0f / %.0f / %.0f ms; goal <= 1000)%n"
                        + "  ratio first/cached: %.1fx%n"
                        + "  Java heap retained per sample: %.1f bytes after the parse, %.1f bytes after the cached"
                        + " open (goal <= 24; store columns %d bytes; mapped cache pages not counted)%n",
                SAMPLES, CPUS, logBytes >> 20, cacheBytes >> 20, firstMs, writeMs, cachedMs,
                cachedNanos[0] / 1e6, cachedNanos[1] / 1e6, cachedNanos[2] / 1e6, firstMs / cachedMs,
                heapParsed / (double) SAMPLES, heapCached / (double) SAMPLES, SampleStore.BYTES_PER_SAMPLE);
    }

    private static int max(SampleStore s) {
        int m = Integer.MIN_VALUE;
        for (int i = 0; i < s.size(); i++) {
            m = Math.max(m, s.delayUs(i));
        }
        return m;
    }

    private static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** latency_mon's classic=0 lines, 4 CPUs in turn every 250 us, a USB pull at 60 % and the stall after it. */
    private static void writeLog(OutputStream out) throws IOException {
        long start = 1_000_000_000L;
        line(out, start - 1000, "latency_mon: start cpu=all period_ms=1 threshold_ms=9 report_all=1");
        long pull = SAMPLES * 6 / 10;
        int[] seq = new int[CPUS];
        StringBuilder sb = new StringBuilder(64);
        for (long n = 0; n < SAMPLES; n++) {
            int cpu = (int) (n % CPUS);
            long t = start + n * 250;
            if (n == pull) {
                line(out, t - 1, "usb 2-1: USB disconnect, device number 5");
            }
            int delay = (int) (20 + (n * 7919) % 400);
            if (n % 50_000 == 49_999) {
                delay = 3_000 + (int) (n % 5_000);
            }
            if (n == pull + 1001) {
                delay = LARGEST_US;
            }
            sb.setLength(0);
            sb.append("latency_mon: cpu=").append(cpu).append(" seq=").append(++seq[cpu]).append(" delay_us=")
                    .append(delay);
            line(out, t, sb);
        }
        line(out, start + SAMPLES * 250 + 1000, "latency_mon: stop");
    }

    private static void line(OutputStream out, long tUs, CharSequence message) throws IOException {
        String seconds = Long.toString(tUs / 1_000_000);
        String micros = Long.toString(1_000_000 + tUs % 1_000_000).substring(1);
        String text = "[" + " ".repeat(Math.max(0, 5 - seconds.length())) + seconds + "." + micros + "] " + message
                + "\n";
        out.write(text.getBytes(StandardCharsets.US_ASCII));
    }
}
