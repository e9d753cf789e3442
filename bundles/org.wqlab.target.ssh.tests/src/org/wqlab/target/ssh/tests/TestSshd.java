package org.wqlab.target.ssh.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH sshd on 127.0.0.1 and a free port, with its own config, host key and authorized_keys in a temporary
 * folder. Needs Debian's openssh-server (releng/run-tests installs it) and root (to log in as the test users).
 */
final class TestSshd implements AutoCloseable {

    static final Path SSHD = Path.of("/usr/sbin/sshd");

    final Path dir;
    final int port;
    final Path hostKey;
    final Path authorizedKeys;
    final Path log;
    private final Process process;

    private TestSshd(Path dir, int port, Path hostKey, Path authorizedKeys, Path log, Process process) {
        this.dir = dir;
        this.port = port;
        this.hostKey = hostKey;
        this.authorizedKeys = authorizedKeys;
        this.log = log;
        this.process = process;
    }

    static void requireSshd() {
        if (!Files.isExecutable(SSHD)) {
            fail(SSHD + " is missing: install Debian's openssh-server (apt-get install openssh-server busybox);"
                    + " releng/run-tests does this");
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            fail("the SSH integration tests start sshd for the test users wqlab-test and wqlab-ash and must run as"
                    + " root (they do in CI and releng/run-tests); running as " + System.getProperty("user.name"));
        }
    }

    /** @param extraConfig sshd_config lines appended to the defaults (later duplicates are ignored by sshd) */
    static TestSshd start(String... extraConfig) throws IOException, InterruptedException {
        requireSshd();
        Path privsep = Path.of("/run/sshd"); // Debian's privilege separation folder, normally made by the service
        if (!Files.isDirectory(privsep)) {
            Files.createDirectories(privsep, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        }
        Path dir = TestDirs.newDir("sshd");
        // the test users read authorized_keys themselves: the folder must be traversable
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path hostKey = dir.resolve("host_ed25519");
        Tools.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "wqlab-test-host", "-f", hostKey.toString()));
        Path authorized = dir.resolve("authorized_keys");
        Files.writeString(authorized, "");
        Files.setPosixFilePermissions(authorized, PosixFilePermissions.fromString("rw-r--r--"));
        int port = freePort();
        List<String> config = new ArrayList<>(List.of(extraConfig));
        config.addAll(List.of("Port " + port, "ListenAddress 127.0.0.1", "HostKey " + hostKey, "PidFile none",
                "AuthorizedKeysFile " + authorized, "StrictModes no", "UsePAM yes", "PasswordAuthentication yes",
                "KbdInteractiveAuthentication yes", "PermitRootLogin no", "AllowTcpForwarding yes",
                "AllowUsers " + TestUsers.DASH + " " + TestUsers.ASH, "LogLevel VERBOSE", "MaxStartups 50",
                "ClientAliveInterval 0"));
        if (config.stream().noneMatch(l -> l.startsWith("Subsystem"))) {
            config.add("Subsystem sftp internal-sftp");
        }
        Path configFile = dir.resolve("sshd_config");
        Files.write(configFile, config, StandardCharsets.UTF_8);
        Path log = dir.resolve("sshd.log");
        Process process = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", configFile.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        TestSshd sshd = new TestSshd(dir, port, hostKey, authorized, log, process);
        awaitListening(process, port, log, "sshd");
        return sshd;
    }

    String hostKeyLine() throws IOException {
        String[] pub = Files.readString(Path.of(hostKey + ".pub")).strip().split(" ");
        return "[127.0.0.1]:" + port + " " + pub[0] + " " + pub[1];
    }

    /** The fingerprint as OpenSSH's own ssh-keygen prints it. */
    String opensshFingerprint() throws IOException, InterruptedException {
        String out = Tools.run(List.of("ssh-keygen", "-l", "-E", "sha256", "-f", hostKey + ".pub"));
        return out.split(" ")[1];
    }

    void authorize(Path publicKey) throws IOException {
        Files.writeString(authorizedKeys, Files.readString(publicKey), java.nio.file.StandardOpenOption.APPEND);
    }

    /** Kills sshd and every session process it started, like a board losing power. */
    void kill() throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        process.destroyForcibly();
        all.forEach(ProcessHandle::destroyForcibly);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "sshd did not die");
    }

    /** The per-connection sshd processes (not the listener), to freeze a connection like a hung board. */
    List<Long> sessionProcesses() {
        return process.descendants().map(ProcessHandle::pid).toList();
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }

    /** Waits until {@code server} accepts connections on 127.0.0.1:{@code port}; fails with its log if it exits. */
    static void awaitListening(Process server, int port, Path log, String name)
            throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                fail(name + " exited with " + server.exitValue() + ": " + Files.readString(log));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException notYet) {
                server.waitFor(20, TimeUnit.MILLISECONDS);
            }
        }
        fail(name + " did not listen on 127.0.0.1:" + port + " within 30 s: " + Files.readString(log));
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    static void assertLoopback(String host) {
        assertEquals("127.0.0.1", host);
    }
}
