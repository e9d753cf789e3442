package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.KernelLogCheck;
import org.wqlab.core.store.RunLock;
import org.wqlab.core.store.SampleCache;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.KlogFiles;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.InMemorySecretStore;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.usb.UsbDriverIds;

/** Running, cancelled, failed with its reason, and interrupted once the running process is gone. */
class RunStatesTest {

    private static final String SEQUENCE = """
            {"format": "wqseq", "name": "states", "steps": [
              {"type": "connect"},
              {"type": "load-module", "name": "load", "module": "latency-mon", "cpu": "1"},
              {"type": "usb-disconnect", "name": "pull", "driver": "sim-pull"},
              {"type": "sleep", "name": "after", "seconds": "1"},
              {"type": "unload-module", "name": "unload", "module": "latency-mon"}]}
            """;

    @Test
    void aRefusedConnectionFailsWithItsReasonTheLaterStepsNotRunAndNoVerdict(@TempDir Path dir) throws Exception {
        int port;
        try (ServerSocket nobody = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = nobody.getLocalPort();
        }
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), dir.resolve("known_hosts"),
                List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(env, InMemorySecretStore.withPassword("x"));
        BoardProfile profile = new BoardProfile("refusing", "127.0.0.1", port, "root", AuthMethod.PASSWORD, null,
                null, HostKeyPolicy.ASK, null, null);
        BoardAccess access = new BoardAccess(() -> connector.connect(profile, key -> false), 1, UsbDriverIds.SIM_PULL,
                (message, countdown) -> false);
        Sequence s = SequenceJson.parse("states.wqseq", SEQUENCE);
        List<String> messages = new ArrayList<>();
        RunResult r = new SequenceRunner().run("states.wqseq", s, Map.of(), access, new Workspace(dir.resolve("ws")),
                new RunMonitor() {
                    @Override
                    public void message(String text) {
                        messages.add(text);
                    }
                });

        assertEquals(ExperimentStatus.FAILED, r.status(), r.summary());
        assertTrue(r.summary().startsWith("connect failed: "), r.summary());
        assertTrue(r.summary().toLowerCase(java.util.Locale.ROOT).contains("connection refused"), r.summary());
        assertEquals(List.of("step 1 (connect)", "step 2 (load)", "step 3 (pull)", "step 4 (after)",
                "step 5 (unload)"), r.steps().stream().map(StepRecord::label).toList());
        assertEquals(List.of("failed", "not run", "not run", "not run", "not run"),
                r.steps().stream().map(StepRecord::outcome).toList());
        assertEquals(r.summary(), r.steps().get(0).detail());
        ExperimentMetadata m = r.folder().readMetadata();
        assertEquals(ExperimentStatus.FAILED, m.status());
        assertTrue(m.notes().startsWith("connect failed: "), m.notes());
        assertFalse(Files.exists(AnalysisFiles.analysisFile(r.folder())), "a verdict for a run without disconnect");
        assertTrue(messages.contains("no verdict: the run did not reach a disconnect"), messages::toString);
        String record = Files.readString(r.folder().dir().resolve(SequenceRunner.RUN_FILE), StandardCharsets.UTF_8);
        assertTrue(record.contains("\"outcome\": \"not run\""), record);
        assertFalse(RunLock.isHeld(r.folder().dir()), "the lock outlives the run");
        // nothing reached the kernel log, and the run says so: an empty log it recorded empty is not damaged
        assertEquals(0, Files.size(r.folder().kernelLog()));
        assertEquals(0, m.kernelLog().bytes());
        assertEquals(java.util.Optional.empty(), KernelLogCheck.damage(r.folder(), m));
    }

    @Test
    void aRunReadsRunningWhileItRunsAndCancelledWhenCancelled(@TempDir Path dir) throws Exception {
        Sequence s = SequenceJson.parse("states.wqseq", SEQUENCE);
        Workspace ws = new Workspace(dir.resolve("ws"));
        List<ExperimentStatus> seenDuringRun = new ArrayList<>();
        try (SimRig rig = new SimRig(dir, 20)) {
            RunResult r = new SequenceRunner().run("states.wqseq", s, Map.of(), rig.access, ws, new RunMonitor() {
                @Override
                public boolean isCanceled() {
                    return !seenDuringRun.isEmpty();
                }

                @Override
                public void stepStarted(int number, String label) {
                    try {
                        seenDuringRun.add(ws.experiments().get(0).readMetadata().status());
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                }
            });
            assertEquals(List.of(ExperimentStatus.RUNNING), seenDuringRun);
            assertEquals(ExperimentStatus.CANCELLED, r.status(), r.summary());
            assertEquals(ExperimentStatus.CANCELLED, r.folder().readMetadata().status());
            ExperimentMetadata m = r.folder().readMetadata();
            assertTrue(m.kernelLog().bytes() > 0, "the records of the connect step");
            assertEquals(KernelLogCheck.seal(r.folder().kernelLog()), m.kernelLog(), "sealed as the run ended");
            assertEquals(SampleCache.Verdict.VALID, ExperimentLoader.cacheVerdict(r.folder()),
                    "the run left its samples cached");
            LogContent parsed = KlogFiles.read(r.folder().kernelLog());
            LogContent cached = ExperimentLoader.load(r.folder()).content();
            assertEquals(parsed.samples().size(), cached.samples().size());
            assertEquals(parsed.events(), cached.events());
            // cancelled while the connect step ran: it finished, the next one never started
            assertEquals(List.of("ok", "not run", "not run", "not run", "not run"),
                    r.steps().stream().map(StepRecord::outcome).toList());
        }
    }

    @Test
    void runningReadsInterruptedOnceTheProcessHoldingTheLockIsKilled(@TempDir Path dir) throws Exception {
        ExperimentFolder folder = new Workspace(dir.resolve("ws")).create("killed", Instant.now());
        folder.writeMetadata(new ExperimentMetadata(ExperimentMetadata.FORMAT_VERSION, folder.id(), "killed",
                Instant.now().toString(), Map.of(), "", Map.of(), "{}", ExperimentStatus.RUNNING, "running"));
        Path holder = dir.resolve("HoldLock.java");
        Files.writeString(holder, """
                import java.nio.channels.FileChannel;
                import java.nio.file.*;
                public class HoldLock {
                    public static void main(String[] a) throws Exception {
                        FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.CREATE,
                                StandardOpenOption.WRITE, StandardOpenOption.READ);
                        c.lock();
                        c.write(java.nio.ByteBuffer.wrap((ProcessHandle.current().pid() + "@here\\n").getBytes()));
                        System.out.println("locked");
                        System.in.read();
                    }
                }
                """);
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(java, holder.toString(), folder.dir().resolve(RunLock.FILE).toString())
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", out.readLine());
            assertEquals(ExperimentStatus.RUNNING, folder.readMetadata().status());
            p.destroyForcibly(); // SIGKILL
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            ExperimentMetadata m = folder.readMetadata();
            assertEquals(ExperimentStatus.INTERRUPTED, m.status());
            assertTrue(m.notes().contains("(" + p.pid() + "@here)"), m.notes());
        } finally {
            p.destroyForcibly();
        }
    }
}
