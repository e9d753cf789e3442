package org.wqlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.trace.WorkTimeline;
import org.wqlab.core.samples.LogContent;
import org.wqlab.klog.KlogFiles;
import org.wqlab.sim.Board;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.shell.Shell;

import com.google.gson.Gson;
import com.google.gson.JsonObject;

/**
 * The report's procedure on simulated boards that differ in one fact (kernel version,
 * BogoMIPS, the threshold parameter, the USB interrupt's CPU); the board is driven through its own shell in virtual
 * time, the trace read from wqlab's tracefs instance, the facts read from /proc and /sys as on any board. The
 * verdict's text must follow the fact.
 */
class VerdictFollowsBoardFactsTest {

    private static final String INSTANCE = "/sys/kernel/tracing/instances/wqlab";
    private static final Pattern CACHED = Pattern.compile("(?m)^Cached:\\s+(\\d+) kB");

    @TempDir
    Path dir;

    private SimulatedBoardProfile variant(String base, Consumer<JsonObject> change) throws IOException {
        Gson gson = new Gson();
        JsonObject o = gson.toJsonTree(Profiles.builtIn(base)).getAsJsonObject();
        change.accept(o);
        Path file = Files.createTempFile(dir, "profile", ".json");
        Files.writeString(file, gson.toJson(o));
        return Profiles.load(file);
    }

    private static String sh(Board board, String line) {
        Shell.Result r = new Shell(board).run(line);
        assertEquals(0, r.status(), line + ": " + r.err());
        return r.out();
    }

    /** The report's procedure with 2 GiB cached; returns the analysis of what the board printed and traced. */
    private Analysis reportProcedure(SimulatedBoardProfile profile) throws Exception {
        Board board = Board.virtual(profile);
        sh(board, "mkdir " + INSTANCE);
        sh(board, "echo 1 > " + INSTANCE + "/events/workqueue/enable");
        sh(board, "echo 1 > " + INSTANCE + "/events/sched/sched_switch/enable");
        sh(board, "taskset -c 0 modprobe latency-mon");
        sh(board, "sleep 1");
        sh(board, "dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=2048");
        Matcher cached = CACHED.matcher(sh(board, "cat /proc/meminfo"));
        assertTrue(cached.find());
        sh(board, "wqlab-board usb pull 2-1");
        sh(board, "sleep 6");
        String trace = sh(board, "cat " + INSTANCE + "/trace");
        sh(board, "rmdir " + INSTANCE);
        Path log = dir.resolve(profile.name() + "-" + System.nanoTime() + ".log");
        Files.writeString(log, sh(board, "dmesg"), StandardCharsets.UTF_8);
        LogContent content = KlogFiles.read(log);

        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("kernelRelease", sh(board, "uname -r").strip());
        facts.put("cpus", sh(board, "nproc").strip());
        facts.put("cmdline", sh(board, "cat /proc/cmdline").strip());
        Shell.Result thresh = new Shell(board).run("cat /sys/module/workqueue/parameters/cpu_intensive_thresh_us");
        if (thresh.status() == 0) {
            facts.put("cpuIntensiveThreshUs", thresh.out().strip());
        }
        Matcher hz = Pattern.compile("(?m)^CONFIG_HZ=(\\d+)").matcher(sh(board, "zcat /proc/config.gz"));
        if (hz.find()) {
            facts.put("config.CONFIG_HZ", hz.group(1));
        }
        facts.putAll(AnalysisFactsProbe.parse(sh(board, "cat /proc/cpuinfo"), sh(board, "cat /proc/interrupts")));
        VerdictFacts f = VerdictFacts.from(facts, null);
        f = new VerdictFacts(f.kernelRelease(), f.cpus(), f.bogomips(), f.hz(), f.cpuIntensiveThreshUs(), f.cmdline(),
                f.usbIrq(), f.usbIrqName(), f.usbIrqCpu(), List.of(Long.parseLong(cached.group(1))), "", -1,
                f.beforePulls(), f.preemption());
        board.close();
        return ExperimentAnalyzer.analyze(profile.name(), content, WorkTimeline.build(trace.lines().toList()), f, 0);
    }

    private static String text(Analysis a) {
        return a.verdict().text();
    }

    @Test
    void kernelVersionDecidesWhetherCpuIntensiveMarkingEndsTheStall() throws Exception {
        Analysis old = reportProcedure(Profiles.builtIn("rcar-h3-default"));
        Analysis recent = reportProcedure(Profiles.builtIn("rcar-h3-linux6.12"));
        assertTrue(text(old).contains("Linux 5.4.72-yocto-standard predates 6.5"), text(old));
        assertTrue(text(recent).contains("Linux 6.12.9-yocto-standard (>= 6.5) marks a work item CPU_INTENSIVE"),
                text(recent));
        assertFalse(text(recent).contains("predates 6.5"), text(recent));
        assertEquals("hub_event", old.worst().culprits().get(0).function());
        assertEquals("hub_event", recent.worst().culprits().get(0).function());
        // measured: the 6.12 wait ends at the threshold, the 5.4 one lasts the whole invalidation
        assertTrue(old.worst().delayUs() > recent.worst().delayUs() + 100_000,
                old.worst().delayUs() + " vs " + recent.worst().delayUs());
        assertTrue(text(recent).contains("close to that threshold, while hub_event was still running"), text(recent));
        assertFalse(text(old).contains("close to that threshold"), text(old));
    }

    @Test
    void bogoMipsScalesTheDefaultThresholdInTheText() throws Exception {
        Analysis slow = reportProcedure(Profiles.builtIn("rcar-h3-linux6.12"));
        Analysis faster = reportProcedure(variant("rcar-h3-linux6.12", o -> o.addProperty("bogomips", 250.0)));
        assertTrue(text(slow).contains("the parameter reads 1000000 us (the default, scaled by BogoMIPS: 10 ms x 4000 / "
                + "1 (the kernel's integer BogoMIPS, loops_per_jiffy / 500000 x HZ, from BogoMIPS 16.66 at HZ 250) "
                + "capped at 1 s = 1000 ms)"), text(slow));
        assertTrue(text(faster).contains("the parameter reads 160000 us (the default, scaled by BogoMIPS: 10 ms x 4000 "
                + "/ 250 (the kernel's integer BogoMIPS, loops_per_jiffy / 500000 x HZ, from BogoMIPS 250 at HZ 250) "
                + "= 160 ms)"), text(faster));
        assertTrue(text(faster).contains("instead of 160 ms"), text(faster));
        assertTrue(text(slow).contains("instead of 1000 ms"), text(slow));
        assertTrue(faster.worst().delayUs() < slow.worst().delayUs());
    }

    @Test
    void thresholdSetOnTheCommandLineIsNamedAndNoLongerAdvised() throws Exception {
        Analysis set = reportProcedure(variant("rcar-h3-linux6.12", o -> o.addProperty("cpuIntensiveThreshUs", 10000)));
        assertEquals(Verdict.NORMAL, set.verdict().kind(), text(set));
        assertTrue(text(set).contains("the parameter reads 10000 us (set on the kernel command line; the default here"
                + " would be 10 ms x 4000 / 1 (the kernel's integer BogoMIPS, loops_per_jiffy / 500000 x HZ, from "
                + "BogoMIPS 16.66 at HZ 250) capped at 1 s = 1000 ms)"), text(set));
        assertTrue(text(set).contains("hub_event on usb_hub_wq (kworker/0:"), text(set));
        assertFalse(text(set).contains("set workqueue.cpu_intensive_thresh_us=10000"), text(set));
    }

    @Test
    void usbInterruptOnAnotherCpuMovesTheStallAwayFromTheMonitor() throws Exception {
        Analysis cpu0 = reportProcedure(Profiles.builtIn("rcar-h3-default"));
        Analysis cpu1 = reportProcedure(variant("rcar-h3-default", o -> o.addProperty("usbIrqCpu", 1)));
        assertEquals(Verdict.STALLED, cpu0.verdict().kind(), text(cpu0));
        assertTrue(text(cpu0).contains("(IRQ 174, ee000000.usb) is served on CPU 0, the monitored CPU"), text(cpu0));
        assertTrue(text(cpu0).contains("echo 2 > /proc/irq/174/smp_affinity puts it on CPU 1"), text(cpu0));
        assertEquals(Verdict.NORMAL, cpu1.verdict().kind(), text(cpu1));
        assertTrue(text(cpu1).contains("is served on CPU 1, not on the monitored CPU 0"), text(cpu1));
        assertTrue(text(cpu1).contains("monitor CPU 1 (load the module with cpu=1) or steer IRQ 174 to CPU 0: echo 1 >"
                + " /proc/irq/174/smp_affinity"), text(cpu1));
        assertNotEquals(text(cpu0), text(cpu1));
    }

    @Test
    void pageCacheFigureComesFromTheMeasurement() throws Exception {
        Analysis a = reportProcedure(Profiles.builtIn("rcar-h3-tailored"));
        Culprit c = a.worst().culprits().get(0);
        assertTrue(text(a).contains("2048 MiB were in the page cache before it"), text(a));
        String perMib = String.format(java.util.Locale.ROOT, "(%.2f ms held per cached MiB)", c.heldUs() / 1000.0 / 2048);
        assertTrue(text(a).contains(perMib), perMib + " in " + text(a));
        assertTrue(text(a).contains("the 2048 MiB cached here would not need invalidating"), text(a));
    }
}
