package org.wqlab.target.ssh.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's dropbear, the SSH server of the QEMU virtual board and of many embedded images, on 127.0.0.1 and a free
 * port with its own host key, logging to a file. Needs Debian's dropbear-bin (releng/run-tests installs it) and root
 * (to log in as the test users, by password).
 */
final class TestDropbear implements AutoCloseable {

    static final Path DROPBEAR = Path.of("/usr/sbin/dropbear");

    final int port;
    final Path log;
    private final Path hostKey;
    private final Process process;

    private TestDropbear(int port, Path log, Path hostKey, Process process) {
        this.port = port;
        this.log = log;
        this.hostKey = hostKey;
        this.process = process;
    }

    static TestDropbear start() throws IOException, InterruptedException {
        if (!Files.isExecutable(DROPBEAR)) {
            fail(DROPBEAR + " is missing: install Debian's dropbear-bin (apt-get install dropbear-bin);"
                    + " releng/run-tests does this");
        }
        TestSshd.requireSshd(); // root, for the test users
        Path dir = TestDirs.newDir("dropbear");
        Path hostKey = dir.resolve("host_ed25519");
        Tools.run(List.of("dropbearkey", "-t", "ed25519", "-f", hostKey.toString()));
        int port = TestSshd.freePort();
        Path log = dir.resolve("dropbear.log");
        Process process = new ProcessBuilder(DROPBEAR.toString(), "-F", "-E", "-p", "127.0.0.1:" + port, "-r",
                hostKey.toString(), "-P", dir.resolve("dropbear.pid").toString()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        TestSshd.awaitListening(process, port, log, "dropbear");
        return new TestDropbear(port, log, hostKey, process);
    }

    /** This server's line for a known_hosts file. */
    String hostKeyLine() throws IOException, InterruptedException {
        String printed = Tools.run(List.of("dropbearkey", "-y", "-f", hostKey.toString()));
        String key = printed.lines().filter(l -> l.startsWith("ssh-ed25519 ")).findFirst()
                .orElseThrow(() -> new IOException("no public key in dropbearkey's output: " + printed));
        String[] parts = key.split(" ");
        return "[127.0.0.1]:" + port + " " + parts[0] + " " + parts[1];
    }

    /** How many connections have logged in so far (dropbear logs each successful authentication). */
    long loggedInConnections() throws IOException {
        return Files.readAllLines(log).stream().filter(l -> l.contains(" auth succeeded for ")).count();
    }

    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        process.destroyForcibly();
        all.forEach(ProcessHandle::destroyForcibly);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "dropbear did not die");
    }
}
