package org.wqlab.kmod;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.klog.KlogParser;
import org.wqlab.klog.KlogSink;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.target.Command;
import org.wqlab.target.RemoteStream;

/**
 * The CI-built arm64 latency-mon against the simulated R-Car H3 (8 CPUs) whose profile
 * carries that module's vermagic, through real SSH (MINA SSHD on 127.0.0.1, JSch client, SFTP upload).
 */
class SimBoardDeployTest {

    private static final String ARM64 = "latency-mon-arm64.ko";
    private static final String AMD64 = "latency-mon-amd64.ko";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;
    private SimBoard sim;
    private final ModuleManager manager = new ModuleManager();

    @AfterEach
    void stop() throws Exception {
        if (sim != null) {
            sim.close();
        }
    }

    private SimBoard start(String vermagic) throws Exception {
        SimulatedBoardProfile profile = SimBoard.profileWithVermagic(dir, vermagic);
        sim = SimBoard.start(dir, profile, 10);
        return sim;
    }

    @Test
    void deploysLoadsWithEveryCpuStreamsOneSampleStreamPerCpuAndUnloads() throws Exception {
        Path module = BuiltModules.module(ARM64);
        start(BuiltModules.vermagic(ARM64));
        assertEquals(1, sim.offeredFingerprints.size(), "the simulator's host key was offered once");

        LoadOutcome outcome = manager.deployAndLoad(sim.connection,
                LoadRequest.of(module, ModuleParameters.parse("cpu=-1 report_all=1 classic=0")), KmodProgress.NONE);

        LoadOutcome.Loaded loaded = assertInstanceOf(LoadOutcome.Loaded.class, outcome, outcome.toString());
        assertEquals("/tmp/wqlab/" + ARM64, loaded.remotePath());
        assertEquals(List.of(ARM64), sim.filesIn("/tmp/wqlab"));
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(module))),
                loaded.identity().sha256());
        assertTrue(java.util.Arrays.equals(Files.readAllBytes(module),
                Files.readAllBytes(sim.fsRoot.resolve("tmp/wqlab/" + ARM64))), "the board holds the same bytes");
        assertEquals("latency_mon", loaded.identity().name());
        assertEquals(BuiltModules.vermagic(ARM64), loaded.identity().vermagic());
        assertFalse(loaded.identity().srcversion().isBlank());
        assertEquals(Map.of("cpu", "-1", "report_all", "1", "classic", "0"), loaded.identity().parameters());
        assertEquals(List.of(), loaded.unverified(), "every parameter asked for is shown in sysfs");
        assertEquals(Map.of("cpu", "-1", "report_all", "1", "classic", "0", "period_ms", "100", "threshold_ms", "9"),
                loaded.sysfsParameters());
        assertTrue(sim.connection.run(Command.of("lsmod"), WAIT).stdoutText().contains("latency_mon"));

        Map<Integer, List<Integer>> seqByCpu = streamSamplesUntilEveryCpuHas(3, 8);
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6, 7), seqByCpu.keySet(), "one stream per CPU of the rcar-h3");
        seqByCpu.forEach((cpu, seqs) -> {
            for (int i = 0; i < seqs.size(); i++) {
                assertEquals(i + 1, seqs.get(i), "cpu " + cpu + " counts its reports from 1 without gaps: " + seqs);
            }
        });

        UnloadOutcome unloaded = manager.unload(sim.connection, "latency_mon", KmodProgress.NONE);
        assertEquals(new UnloadOutcome.Unloaded("latency_mon"), unloaded);
        assertFalse(sim.connection.run(Command.of("lsmod"), WAIT).stdoutText().contains("latency_mon"));
        assertEquals(new ModuleState.NotLoaded("latency_mon"), manager.state(sim.connection, "latency_mon"));
        String log = sim.connection.run(Command.of("dmesg"), WAIT).stdoutText();
        assertTrue(log.contains("latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1"), log);
        assertTrue(log.strip().endsWith("latency_mon: stop") || log.contains("latency_mon: stop"), log);
        assertEquals(new UnloadOutcome.WasNotLoaded("latency_mon"),
                manager.unload(sim.connection, "latency_mon", KmodProgress.NONE));
    }

    @Test
    void theAmd64ModuleIsRefusedBeforeAnythingIsCopied() throws Exception {
        Path module = BuiltModules.module(AMD64);
        start(BuiltModules.vermagic(ARM64));

        LoadOutcome outcome = manager.deployAndLoad(sim.connection,
                LoadRequest.of(module, ModuleParameters.parse("cpu=-1 report_all=1 classic=0")), KmodProgress.NONE);

        LoadOutcome.Incompatible refused = assertInstanceOf(LoadOutcome.Incompatible.class, outcome, outcome.toString());
        String problems = String.join("\n", refused.problems());
        assertTrue(problems.contains("x86_64") && problems.contains("aarch64"), problems);
        assertTrue(problems.contains("6.1.0-57-amd64") && problems.contains("6.1.0-57-arm64"), problems);
        assertEquals(List.of(), sim.filesIn("/tmp/wqlab"), "nothing was copied");
        assertEquals("", sim.connection.run(Command.of("ls").arg("/tmp/wqlab"), WAIT).stdoutText().strip());
        assertFalse(sim.connection.run(Command.of("cat").arg("/proc/modules"), WAIT).stdoutText()
                .contains("latency_mon"));
    }

    @Test
    void aBoardWithAnotherKernelReleaseIsRefusedBeforeAnythingIsCopied() throws Exception {
        Path module = BuiltModules.module(ARM64);
        start("5.4.72-yocto-standard SMP preempt mod_unload aarch64");

        LoadOutcome outcome = manager.deployAndLoad(sim.connection,
                LoadRequest.of(module, ModuleParameters.parse("cpu=-1 report_all=1 classic=0")), KmodProgress.NONE);

        LoadOutcome.Incompatible refused = assertInstanceOf(LoadOutcome.Incompatible.class, outcome, outcome.toString());
        assertEquals(1, refused.problems().size(), refused.problems().toString());
        assertTrue(refused.problems().get(0).startsWith("kernel release:"), refused.problems().get(0));
        assertTrue(refused.problems().get(0).contains("5.4.72-yocto-standard"), refused.problems().get(0));
        assertEquals(List.of(), sim.filesIn("/tmp/wqlab"), "nothing was copied");
    }

    @Test
    void parametersTheModuleWouldRefuseAreRefusedBeforeAnythingIsCopied() throws Exception {
        Path module = BuiltModules.module(ARM64);
        start(BuiltModules.vermagic(ARM64));

        LoadOutcome outcome = manager.deployAndLoad(sim.connection,
                LoadRequest.of(module, ModuleParameters.parse("cpu=-1 classic=1")), KmodProgress.NONE);

        LoadOutcome.InvalidParameters refused = assertInstanceOf(LoadOutcome.InvalidParameters.class, outcome);
        assertTrue(refused.problems().get(0).contains("cpu=-1 and classic=1"), refused.problems().toString());
        assertEquals(List.of(), sim.filesIn("/tmp/wqlab"));
    }

    @Test
    void loadingTwiceIsAlreadyLoadedAndReloadReplacesTheParameters() throws Exception {
        Path module = BuiltModules.module(ARM64);
        start(BuiltModules.vermagic(ARM64));
        LoadRequest first = LoadRequest.of(module, ModuleParameters.parse("cpu=2 classic=0"));
        assertInstanceOf(LoadOutcome.Loaded.class, manager.deployAndLoad(sim.connection, first, KmodProgress.NONE));

        LoadRequest second = LoadRequest.of(module, ModuleParameters.parse("cpu=-1 report_all=1 classic=0"));
        LoadOutcome again = manager.deployAndLoad(sim.connection, second, KmodProgress.NONE);

        LoadOutcome.AlreadyLoaded already = assertInstanceOf(LoadOutcome.AlreadyLoaded.class, again, again.toString());
        assertEquals("latency_mon", already.name());
        assertInstanceOf(ModuleState.Loaded.class, already.current());

        LoadOutcome reloaded = manager.reload(sim.connection, second, KmodProgress.NONE);
        LoadOutcome.Loaded loaded = assertInstanceOf(LoadOutcome.Loaded.class, reloaded, reloaded.toString());
        assertEquals("-1", loaded.identity().parameters().get("cpu"));
        String log = sim.connection.run(Command.of("dmesg"), WAIT).stdoutText();
        int firstStart = log.indexOf("latency_mon: start cpu=2");
        int stop = log.indexOf("latency_mon: stop", firstStart);
        int secondStart = log.indexOf("latency_mon: start cpu=all", stop);
        assertTrue(firstStart >= 0 && stop > firstStart && secondStart > stop, log);
    }

    @Test
    void aVermagicTheKernelRejectsIsReportedWithItsDmesgLine() throws Exception {
        Path module = BuiltModules.module(ARM64);
        String builtFor = BuiltModules.vermagic(ARM64);
        // same release (uname -r cannot tell them apart), other build flags: only the kernel sees the difference
        String other = builtFor.replace(" SMP ", " SMP preempt ");
        start(other);

        LoadOutcome outcome = manager.deployAndLoad(sim.connection,
                LoadRequest.of(module, ModuleParameters.parse("cpu=0 classic=0")), KmodProgress.NONE);

        LoadOutcome.KernelRefused refused = assertInstanceOf(LoadOutcome.KernelRefused.class, outcome, outcome.toString());
        assertEquals(KernelError.INVALID_MODULE_FORMAT, refused.error());
        assertTrue(refused.insmodMessage().contains("Invalid module format"), refused.insmodMessage());
        assertEquals(1, refused.dmesgLines().size(), refused.dmesgLines().toString());
        assertTrue(refused.dmesgLines().get(0).contains("version magic '" + builtFor + "' should be '" + other + "'"),
                refused.dmesgLines().get(0));
    }

    @Test
    void theOriginalModuleIsLoadedUnderTasksetOnTheChosenCpu() throws Exception {
        String vermagic = BuiltModules.vermagic(ARM64);
        start(vermagic);
        // the report's module as the simulator builds it: no parameters, the CPU comes from the loading process
        Path original = Files.write(dir.resolve("latency-mon.ko"), org.wqlab.sim.ModuleImage.build(
                org.wqlab.core.elf.ElfMachine.EM_AARCH64, List.of("license=GPL", "srcversion=0123456789ABCDEF0123456",
                        "name=latency_mon", "vermagic=" + vermagic)));

        LoadOutcome outcome = manager.deployAndLoad(sim.connection,
                LoadRequest.of(original, ModuleParameters.NONE).pinnedTo(3), KmodProgress.NONE);

        LoadOutcome.Loaded loaded = assertInstanceOf(LoadOutcome.Loaded.class, outcome, outcome.toString());
        assertEquals(Map.of(), loaded.identity().parameters());
        assertEquals(List.of("latency-mon.ko"), sim.filesIn("/tmp/wqlab"));
        assertEquals(List.of("parameter cpu: " + original + " declares no such parameter (it has none)"),
                ParameterCheck.problems(ModuleManager.inspect(original), ModuleParameters.parse("cpu=3")));
        assertEquals(new UnloadOutcome.Unloaded("latency_mon"),
                manager.unload(sim.connection, "latency_mon", KmodProgress.NONE));
    }

    /** Follows {@code dmesg -w} through the parser until every one of {@code cpus} CPUs has {@code each} samples. */
    private Map<Integer, List<Integer>> streamSamplesUntilEveryCpuHas(int each, int cpus) throws Exception {
        ReentrantLock lock = new ReentrantLock();
        Condition more = lock.newCondition();
        Map<Integer, List<Integer>> seqByCpu = new TreeMap<>();
        KlogParser parser = new KlogParser(new KlogSink() {
            @Override
            public void sample(long line, long timestampUs, TimePrecision precision, int delayUs, int cpu, int seq,
                    boolean classic) {
                lock.lock();
                try {
                    seqByCpu.computeIfAbsent(cpu, c -> new ArrayList<>()).add(seq);
                    more.signalAll();
                } finally {
                    lock.unlock();
                }
            }

            @Override
            public void event(Event event) {
            }

            @Override
            public void anomaly(Anomaly anomaly) {
            }

            @Override
            public void raw(long line, byte[] text, int from, int to) {
            }
        });
        try (RemoteStream stream = sim.connection.stream(Command.of("dmesg").word("-w"),
                (b, off, len) -> {
                    synchronized (parser) {
                        parser.feed(b, off, len);
                    }
                }, (b, off, len) -> { })) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            lock.lock();
            try {
                while (!(seqByCpu.size() >= cpus && seqByCpu.values().stream().allMatch(s -> s.size() >= each))) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new AssertionError("not " + each + " samples on each of " + cpus + " CPUs within "
                                + WAIT.toSeconds() + " s: " + seqByCpu);
                    }
                    more.awaitNanos(Math.min(left, TimeUnit.SECONDS.toNanos(1)));
                }
                Map<Integer, List<Integer>> copy = new TreeMap<>();
                seqByCpu.forEach((cpu, seqs) -> copy.put(cpu, List.copyOf(seqs)));
                return copy;
            } finally {
                lock.unlock();
            }
        }
    }
}
