import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.wqlab.klog.KlogFiles;

/**
 * In-process parse time of a kernel log: warms the JVM on the file, then parses it RUNS times into a real sample
 * store ({@code KlogFiles.read}, two cores for a large log) and prints the median wall time and the process's CPU
 * time (GC included); fails when the sample count differs from the expected one.
 *
 * usage: java -cp CLASSPATH KlogBench.java FILE EXPECTED_SAMPLES [RUNS]
 */
public class KlogBench {

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long expected = Long.parseLong(args[1]);
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        long size = Files.size(file);
        for (int w = 0; w < 2; w++) { // warm-up: JIT compiles the parser's hot paths
            check(parseOnce(file), expected, "warm-up");
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] secs = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            long c0 = os.getProcessCpuTime(); // both cores' time: a large log is parsed on two
            long t0 = System.nanoTime();
            long n = parseOnce(file);
            secs[i] = (System.nanoTime() - t0) / 1e9;
            cpu[i] = (os.getProcessCpuTime() - c0) / 1e9;
            check(n, expected, "run " + i);
            System.err.printf("parse run %d: %.3f s wall, %.3f s cpu%n", i + 1, secs[i], cpu[i]);
        }
        Arrays.sort(secs);
        Arrays.sort(cpu);
        double median = secs[runs / 2];
        System.out.printf("parse_seconds=%.3f%n", median);
        System.out.printf("parse_cpu_seconds=%.3f%n", cpu[runs / 2]);
        System.out.printf("parse_mb_per_s=%.0f%n", size / 1e6 / median);
        System.out.printf("samples=%d%n", expected);
    }

    /** As an experiment's kernel.log is read when it has no cache: on two cores when large. */
    static long parseOnce(Path file) throws Exception {
        return KlogFiles.read(file).samples().size();
    }

    static void check(long n, long expected, String what) {
        if (n != expected) {
            throw new IllegalStateException(what + ": parsed " + n + " samples, expected " + expected);
        }
    }
}
