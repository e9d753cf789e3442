package org.wqlab.product.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wqlab sim} through the product launcher, reached with OpenSSH's own client: the printed fingerprint is the
 * one ssh records, and the report's commands work on the board.
 */
class SimulatedBoardCommandTest {
    @TempDir
    Path home;

    @Test
    void openSshLogsInWithTheUsersKeyAndSeesTheFingerprintThatWasPrinted() throws Exception {
        Path ssh = Path.of("/usr/bin/ssh");
        assertTrue(Files.isExecutable(ssh), "OpenSSH client missing: apt-get install openssh-client");
        Path key = home.resolve(".ssh/id_ed25519");
        Files.createDirectories(key.getParent());
        run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString()));

        ProcessBuilder builder = new ProcessBuilder(Launch.productDir().resolve("wqlab").toString(), "sim",
                "--speed", "20", "--state", home.resolve("sim-state").toString()).redirectErrorStream(true);
        // the JVM takes user.home from the password database, not from $HOME
        builder.environment().put("WQLAB_VMARGS", "-Duser.home=" + home);
        Process sim = builder.start();
        try {
            Map<String, String> printed = SimLogin.read(sim);
            assertEquals("127.0.0.1", printed.get("host"));
            int port = Integer.parseInt(printed.get("port"));
            Path knownHosts = home.resolve("known_hosts");

            String uname = run(List.of(ssh.toString(), "-i", key.toString(), "-p", String.valueOf(port),
                    "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-o", "StrictHostKeyChecking=accept-new",
                    "-o", "UserKnownHostsFile=" + knownHosts, "-o", "IdentitiesOnly=yes",
                    printed.get("user") + "@127.0.0.1", "uname -m; taskset -c 0 modprobe latency-mon && lsmod"));
            assertTrue(uname.startsWith("aarch64\n"), uname);
            assertTrue(uname.contains("latency_mon"), uname);

            String recorded = run(List.of("ssh-keygen", "-l", "-E", "sha256", "-f", knownHosts.toString()));
            assertTrue(recorded.contains(printed.get("host key")),
                    "printed " + printed.get("host key") + ", ssh recorded " + recorded);
        } finally {
            sim.destroy();
            if (!sim.waitFor(60, TimeUnit.SECONDS)) {
                sim.destroyForcibly();
            }
        }
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        assertEquals(0, process.exitValue(), command + " failed:\n" + output);
        return output;
    }
}
