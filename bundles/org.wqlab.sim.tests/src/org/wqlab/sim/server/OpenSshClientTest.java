package org.wqlab.sim.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.elf.ElfMachine;
import org.wqlab.sim.Board;
import org.wqlab.sim.ModuleImage;
import org.wqlab.sim.Profiles;

/** Debian's OpenSSH ssh and sftp clients against the simulated board on 127.0.0.1. */
class OpenSshClientTest {

    @TempDir
    Path dir;
    private Board board;
    private SimSshServer server;
    private Path key;

    @BeforeEach
    void start() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh")) && Files.isExecutable(Path.of("/usr/bin/sftp")),
                "OpenSSH client not installed");
        key = dir.resolve("id_ecdsa");
        assertEquals(0, exec(List.of("ssh-keygen", "-q", "-t", "ecdsa", "-b", "256", "-N", "", "-f", key.toString()))
                .code);
        board = Board.realTime(Profiles.builtIn("rcar-h3-default"), 20);
        server = SimSshServer.start(board, dir.resolve("state"), 0, List.of(dir.resolve("id_ecdsa.pub")));
    }

    @AfterEach
    void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        if (board != null) {
            board.close();
        }
    }

    private record Run(int code, String out, String err) {
    }

    private static Run exec(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    private List<String> sshOptions(String tool) {
        int port = server.login().port();
        return new ArrayList<>(List.of(tool, "-i", key.toString(), tool.equals("sftp") ? "-P" : "-p",
                Integer.toString(port), "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o",
                "StrictHostKeyChecking=accept-new", "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"), "-o",
                "LogLevel=ERROR"));
    }

    private Run ssh(String command) throws IOException, InterruptedException {
        List<String> cmd = sshOptions("ssh");
        cmd.add("root@127.0.0.1");
        cmd.add(command);
        return exec(cmd);
    }

    @Test
    void uploadThroughAnExecChannelLikeTheTransportsFallback() throws Exception {
        byte[] content = new byte[100_000];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i * 131 + 17);
        }
        Path local = Files.write(dir.resolve("upload.bin"), content);
        List<String> cmd = sshOptions("ssh");
        cmd.add("root@127.0.0.1");
        cmd.add("sh -c 'mkdir -p /tmp/wqlab && cat > \"$1\" && n=$(wc -c < \"$1\") && [ $n -eq \"$3\" ] && "
                + "mv -f -- \"$1\" \"$2\" || { rm -f -- \"$1\"; echo \"incomplete: $n of $3 bytes\" >&2; exit 1; }' "
                + "sh /tmp/wqlab/up.bin.wqlab-part /tmp/wqlab/up.bin " + content.length);
        Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(local.toFile())).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertEquals(content.length + "\n", ssh("stat -c %s /tmp/wqlab/up.bin").out());
        assertEquals(1, ssh("test -e /tmp/wqlab/up.bin.wqlab-part").code());
        assertTrue(java.util.Arrays.equals(content, board.file("/tmp/wqlab/up.bin").orElseThrow()), "byte-exact");
    }

    @Test
    void keyLoginRunsUnameAndHostKeyMatchesTheFingerprint() throws Exception {
        Run r = ssh("uname -a");
        assertEquals(0, r.code(), r.err());
        assertEquals("Linux h3ulcb 5.4.72-yocto-standard #1 SMP PREEMPT Thu Aug 6 10:20:31 UTC 2020 aarch64 GNU/Linux\n",
                r.out());
        Run fp = exec(List.of("ssh-keygen", "-l", "-f", dir.resolve("known_hosts").toString()));
        assertTrue(fp.out().contains(server.login().hostKeyFingerprint()), fp.out() + " vs "
                + server.login().hostKeyFingerprint());
        Run missing = ssh("frobnicate");
        assertEquals(127, missing.code());
        assertEquals("sh: frobnicate: not found\n", missing.err());
        assertEquals(1, ssh("false").code());
    }

    @Test
    void passwordLoginAndShellChannel() throws Exception {
        Path askpass = dir.resolve("askpass.sh");
        Files.writeString(askpass, "#!/bin/sh\necho '" + server.login().password() + "'\n");
        askpass.toFile().setExecutable(true);
        List<String> cmd = new ArrayList<>(List.of("ssh", "-p", Integer.toString(server.login().port()), "-o",
                "PreferredAuthentications=password", "-o", "PubkeyAuthentication=no", "-o",
                "StrictHostKeyChecking=accept-new", "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"), "-o",
                "LogLevel=ERROR", "-T", "root@127.0.0.1"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("SSH_ASKPASS", askpass.toString());
        pb.environment().put("SSH_ASKPASS_REQUIRE", "force");
        pb.environment().put("DISPLAY", ":0");
        Process p = pb.start();
        p.getOutputStream().write("uname -r\nnproc && echo 'a b'\nexit 3\n".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(3, p.exitValue(), err);
        assertEquals("root@h3ulcb:~# 5.4.72-yocto-standard\nroot@h3ulcb:~# 8\na b\nroot@h3ulcb:~# ", out);
    }

    @Test
    void controlCStopsAFollowingCommandInTheShellChannel() throws Exception {
        List<String> cmd = sshOptions("ssh");
        cmd.addAll(List.of("-T", "root@127.0.0.1"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("read failed: " + e);
            }
        });
        reader.start();
        p.getOutputStream().write("dmesg -w\n".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().flush();
        assertNotNull(waitFor(lines, "Booting Linux"));
        p.getOutputStream().write("\u0003echo after-interrupt\nexit 4\n".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        assertNotNull(waitFor(lines, "after-interrupt"), "the shell took commands again after ^C");
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(4, p.exitValue());
        reader.join(10_000);
    }

    @Test
    void wrongPasswordIsRefused() throws Exception {
        Path askpass = dir.resolve("askpass-wrong.sh");
        Files.writeString(askpass, "#!/bin/sh\necho wrong\n");
        askpass.toFile().setExecutable(true);
        ProcessBuilder pb = new ProcessBuilder("ssh", "-p", Integer.toString(server.login().port()), "-o",
                "PreferredAuthentications=password", "-o", "PubkeyAuthentication=no", "-o", "NumberOfPasswordPrompts=1",
                "-o", "StrictHostKeyChecking=accept-new", "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"),
                "root@127.0.0.1", "true");
        pb.environment().put("SSH_ASKPASS", askpass.toString());
        pb.environment().put("SSH_ASKPASS_REQUIRE", "force");
        pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Process p = pb.start();
        p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(255, p.exitValue());
        assertTrue(err.contains("Permission denied"), err);
    }

    @Test
    void hostKeyPersistsInTheStateFolderAndThePasswordIsNeverWritten() throws Exception {
        SimSshServer.Login first = server.login();
        server.close();
        Path leftover = Files.writeString(dir.resolve("state").resolve("password"), "plain\n");
        server = SimSshServer.start(board, dir.resolve("state"), 0, List.of());
        assertEquals(first.hostKeyFingerprint(), server.login().hostKeyFingerprint());
        assertNotEquals(first.password(), server.login().password(), "a new password at each start");
        assertEquals(16, server.login().password().length());
        assertFalse(Files.exists(leftover), "an older version's password file is deleted");
        try (var files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1)
                        .contains(server.login().password()), "the password is in " + f);
            }
        }
        assertEquals("127.0.0.1", server.login().host());
        assertEquals(0, ssh("true").code(), "the key authorized before is still accepted");
    }

    @Test
    void sftpUploadLandsInTheBoardsFilesystemAndInsmodLoadsIt() throws Exception {
        byte[] ko = ModuleImage.build(ElfMachine.EM_AARCH64, List.of("license=GPL", "parmtype=cpu:int",
                "parmtype=classic:bool", "parmtype=report_all:bool", "name=latency_mon",
                "vermagic=5.4.72-yocto-standard SMP preempt mod_unload aarch64"));
        Path local = dir.resolve("latency-mon.ko");
        Files.write(local, ko);
        Path batch = dir.resolve("batch");
        Files.writeString(batch, "put " + local + " /tmp/latency-mon.ko\n");
        List<String> cmd = sshOptions("sftp");
        cmd.addAll(List.of("-b", batch.toString(), "root@127.0.0.1"));
        Run up = exec(cmd);
        assertEquals(0, up.code(), up.err());
        assertArrayEquals(ko, board.file("/tmp/latency-mon.ko").orElseThrow());
        Run ins = ssh("insmod /tmp/latency-mon.ko cpu=1 classic=0 && lsmod");
        assertEquals(0, ins.code(), ins.err());
        assertTrue(ins.out().contains("latency_mon"), ins.out());
    }

    @Test
    void dmesgFollowStreamsTheDisconnectAndTheDelay() throws Exception {
        assertEquals(0, ssh("taskset -c 0 modprobe latency-mon").code());
        Run dd = ssh("dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=1024");
        assertEquals(0, dd.code(), dd.err());
        assertTrue(dd.err().contains("1073741824 bytes (1.1 GB, 1.0 GiB) copied"), dd.err());

        List<String> cmd = sshOptions("ssh");
        cmd.addAll(List.of("root@127.0.0.1", "dmesg -w"));
        Process follow = new ProcessBuilder(cmd).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(follow.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("read failed: " + e);
            }
        });
        reader.start();
        try {
            assertNotNull(waitFor(lines, "latency_mon: loading out-of-tree module taints kernel."));
            assertEquals(0, ssh("wqlab-board usb pull 2-1").code());
            String disconnect = waitFor(lines, "usb 2-1: USB disconnect, device number 2");
            assertNotNull(disconnect, "no disconnect line streamed");
            String delay = waitFor(lines, "DELAY: ");
            assertNotNull(delay, "no DELAY streamed");
            long ms = Long.parseLong(delay.replaceAll(".*DELAY: ", ""));
            assertEquals(2000, ms, 250, "1 GiB cached on rcar-h3-default: about 2 s");
        } finally {
            follow.destroy();
            follow.waitFor(10, TimeUnit.SECONDS);
            reader.join(10_000);
        }
    }

    @Test
    void devKmsgStreamsRecords() throws Exception {
        List<String> cmd = sshOptions("ssh");
        cmd.addAll(List.of("root@127.0.0.1", "cat /dev/kmsg"));
        Process kmsg = new ProcessBuilder(cmd).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(kmsg.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("read failed: " + e);
            }
        });
        reader.start();
        try {
            assertEquals("6,0,0,-;Booting Linux on physical CPU 0x0000000000 [0x411fd073]",
                    waitFor(lines, "Booting Linux"));
            assertEquals(0, ssh("wqlab-board usb pull 2-1").code());
            String record = waitFor(lines, "USB disconnect");
            assertTrue(record.matches("6,\\d+,\\d+,-;usb 2-1: USB disconnect, device number 2"), record);
        } finally {
            kmsg.destroy();
            kmsg.waitFor(10, TimeUnit.SECONDS);
            reader.join(10_000);
        }
    }

    @Test
    void tracePipeOfAnInstanceStreamsHubEvent() throws Exception {
        String inst = "/sys/kernel/tracing/instances/wqlab";
        Run setup = ssh("mkdir " + inst + " && echo 1 > " + inst + "/events/workqueue/enable");
        assertEquals(0, setup.code(), setup.err());
        List<String> cmd = sshOptions("ssh");
        cmd.addAll(List.of("root@127.0.0.1", "cat " + inst + "/trace_pipe"));
        Process pipe = new ProcessBuilder(cmd).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(pipe.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("read failed: " + e);
            }
        });
        reader.start();
        try {
            assertEquals(0, ssh("wqlab-board usb pull 2-1").code());
            String queued = waitFor(lines, "function=hub_event");
            assertNotNull(queued);
            assertTrue(queued.contains("workqueue_queue_work:") && queued.contains("workqueue=usb_hub_wq req_cpu=0 cpu=0"),
                    queued);
            String end = waitFor(lines, "workqueue_execute_end");
            assertNotNull(end);
            assertTrue(end.matches(" *kworker/0:\\d+-\\d+ +\\[000\\] .*function hub_event"), end);
        } finally {
            pipe.destroy();
            pipe.waitFor(10, TimeUnit.SECONDS);
            reader.join(10_000);
        }
    }

    @Test
    void standaloneMainRejectsBadArgumentsNamingThem() throws Exception {
        assertEquals(2, SimServerMain.run(new String[] {"--port"}));
        assertEquals(2, SimServerMain.run(new String[] {"--profile", dir.resolve("nope.json").toString()}));
        assertEquals(2, SimServerMain.run(new String[] {"--speed", "0"}));
        assertEquals(2, SimServerMain.run(new String[] {"--frobnicate"}));
    }

    private static String waitFor(BlockingQueue<String> lines, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(1, TimeUnit.SECONDS);
            if (line != null && line.contains(text)) {
                return line;
            }
        }
        return null;
    }
}
