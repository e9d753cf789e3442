package org.wqlab.target.ssh.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardConnector;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.ExecUpload;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.RemoteStream;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.target.TransportException;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.facts.BoardFactsProbe;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/** The JSch transport against a real OpenSSH sshd on 127.0.0.1. */
class SshIntegrationTest {

    private static final Duration T = Duration.ofSeconds(60);
    @RegisterExtension
    static final KeyLoginServer SERVER = new KeyLoginServer();

    private BoardConnection keyLogin(String user) throws TransportException {
        return SERVER.client().connector.connect(
                SERVER.client().profile("desk " + user, SERVER.sshd(), user, AuthMethod.PUBLIC_KEY, SERVER.key()),
                HostKeyPrompt.REFUSE);
    }

    @ParameterizedTest
    @ValueSource(strings = {TestUsers.DASH, TestUsers.ASH})
    void keyLoginRunsCommandsWithExitCodesAndSeparateStreams(String user) throws Exception {
        try (BoardConnection board = keyLogin(user)) {
            assertTrue(board.isOpen());
            ExecResult id = board.run(Command.of("id").word("-un"), T);
            assertEquals(user + "\n", id.stdoutText());
            assertEquals(0, id.exitCode());
            ExecResult three = board.run(Command.shellScript("echo out; echo err >&2; exit 3"), T);
            assertEquals(3, three.exitCode());
            assertEquals("out\n", three.stdoutText());
            assertEquals("err\n", three.stderrText());
            assertEquals(1, board.run(Command.of("false"), T).exitCode());
            assertEquals(127, board.run(Command.of("no-such-command-wqlab"), T).exitCode());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"PASSWORD", "KEYBOARD_INTERACTIVE"})
    void passwordAndKeyboardInteractiveLogin(AuthMethod auth) throws Exception {
        String board = "password board " + auth;
        SERVER.client().storePassword(board, TestUsers.password());
        BoardProfile profile = SERVER.client().profile(board, SERVER.sshd(), TestUsers.DASH, auth, null);
        try (BoardConnection connection = SERVER.client().connector.connect(profile, HostKeyPrompt.REFUSE)) {
            assertEquals(TestUsers.DASH + "\n", connection.run(Command.of("id").word("-un"), T).stdoutText());
        }
        String log = Files.readString(SERVER.sshd().log);
        assertTrue(log.contains(auth == AuthMethod.PASSWORD ? "Accepted password for " + TestUsers.DASH
                : "Accepted keyboard-interactive/pam for " + TestUsers.DASH), log);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ed25519", "ecdsa", "rsa"})
    void keysWithPassphraseFromSecureStorage(String type) throws Exception {
        String passphrase = "pp-" + Long.toHexString(new Random().nextLong());
        Path encrypted = SERVER.client().newKey(type, passphrase);
        SERVER.sshd().authorize(Path.of(encrypted + ".pub"));
        String board = "passphrase board " + type;
        BoardProfile profile = SERVER.client().profile(board, SERVER.sshd(), TestUsers.ASH, AuthMethod.PUBLIC_KEY,
                encrypted);
        var missing = assertThrows(TransportException.AuthFailed.class,
                () -> SERVER.client().connector.connect(profile, HostKeyPrompt.REFUSE));
        assertEquals("board '" + board + "': authentication failed for user 'wqlab-ash': key file " + encrypted
                + " is encrypted and no passphrase is stored for this board", missing.getMessage());
        SERVER.client().secrets.put(board, SecretKind.KEY_PASSPHRASE, passphrase.toCharArray());
        try (BoardConnection connection = SERVER.client().connector.connect(profile, HostKeyPrompt.REFUSE)) {
            assertEquals(TestUsers.ASH + "\n", connection.run(Command.of("id").word("-un"), T).stdoutText());
        }
    }

    @Test
    void wrongPasswordFailsNamingTheBoard() throws Exception {
        SERVER.client().storePassword("wrong pw", "not-the-password".toCharArray());
        var e = assertThrows(TransportException.AuthFailed.class, () -> SERVER.client().connector.connect(
                SERVER.client().profile("wrong pw", SERVER.sshd(), TestUsers.DASH, AuthMethod.PASSWORD, null),
                HostKeyPrompt.REFUSE));
        assertTrue(e.getMessage().startsWith("board 'wrong pw': authentication failed for user 'wqlab-test'"),
                e.getMessage());
    }

    @Test
    void refusedPortFailsNamingTheBoard() throws Exception {
        int closed = TestSshd.freePort();
        BoardProfile profile = new BoardProfile("nobody home", "127.0.0.1", closed, TestUsers.DASH,
                AuthMethod.PUBLIC_KEY, SERVER.key(), null, org.wqlab.target.HostKeyPolicy.REFUSE_UNKNOWN, null, null);
        var e = assertThrows(TransportException.Refused.class,
                () -> SERVER.client().connector.connect(profile, HostKeyPrompt.REFUSE));
        assertEquals("board 'nobody home': connection refused by 127.0.0.1:" + closed
                + " (is sshd running, is the port right?)", e.getMessage());
    }

    @Test
    void commandTimeoutKillsTheCommandAndKeepsTheConnection() throws Exception {
        try (BoardConnection board = keyLogin(TestUsers.DASH)) {
            var e = assertThrows(TransportException.TimedOut.class,
                    () -> board.run(Command.of("sleep").word("300"), Duration.ofSeconds(1)));
            assertTrue(e.getMessage().startsWith("board 'desk wqlab-test': timed out: command did not finish within 1 s"),
                    e.getMessage());
            assertTrue(board.isOpen());
            assertEquals("still here\n", board.run(Command.of("echo").arg("still here"), T).stdoutText());
        }
    }

    @Test
    void upload50MegabytesOverSftpWithChecksumAndProgress(@org.junit.jupiter.api.io.TempDir Path local)
            throws Exception {
        Path file = randomFile(local.resolve("payload.bin"), 50 * 1024 * 1024);
        List<long[]> progress = new ArrayList<>();
        try (BoardConnection board = keyLogin(TestUsers.DASH)) {
            String remote = remoteTemp(board) + "/payload.bin";
            board.upload(file, remote, (done, total) -> progress.add(new long[] {done, total}), T);
            assertEquals(sha256(file), board.run(Command.of("sha256sum").word("--").arg(remote), T).stdoutText()
                    .split(" ")[0]);
            assertFalse(progress.isEmpty());
            long[] last = progress.get(progress.size() - 1);
            assertArrayEquals(new long[] {Files.size(file), Files.size(file)}, last);
            for (int i = 1; i < progress.size(); i++) {
                assertTrue(progress.get(i)[0] >= progress.get(i - 1)[0], "progress went backwards");
            }
            assertEquals(1, board.run(Command.of("test").word("-e").arg(remote + ".wqlab-part"), T).exitCode());
            removeRemote(board, remote);
        }
    }

    @Test
    void uploadFallsBackToCatWhenTheBoardHasNoSftp(@org.junit.jupiter.api.io.TempDir Path local) throws Exception {
        try (TestSshd noSftp = TestSshd.start("Subsystem sftp /nonexistent/sftp-server")) {
            Client other = new Client().trusting(noSftp);
            noSftp.authorize(Path.of(SERVER.key() + ".pub"));
            Path file = randomFile(local.resolve("module.ko"), 3 * 1024 * 1024 + 17);
            AtomicLong last = new AtomicLong();
            try (BoardConnection board = other.connector.connect(
                    other.profile("dropbear-like", noSftp, TestUsers.ASH, AuthMethod.PUBLIC_KEY, SERVER.key()),
                    HostKeyPrompt.REFUSE)) {
                String remote = remoteTemp(board) + "/module.ko";
                board.upload(file, remote, (done, total) -> {
                    last.set(done);
                    return true;
                }, T);
                assertEquals(Files.size(file), last.get());
                assertArrayEquals(Files.readAllBytes(file), board.readFile(remote, 16 << 20, T));
                removeRemote(board, remote);
            }
            String log = Files.readString(noSftp.log);
            assertTrue(log.contains("Starting session: subsystem 'sftp'"), "SFTP was not tried first: " + log);
            // mktemp, the cat upload, the read and the rm: with SFTP the upload would not be a command session
            assertEquals(4, log.lines().filter(l -> l.contains("Starting session: command")).count(), log);
        }
    }

    @Test
    void cancelledExecUploadNeverAppearsUnderTheRealName(@org.junit.jupiter.api.io.TempDir Path local)
            throws Exception {
        Path file = randomFile(local.resolve("big.bin"), 8 * 1024 * 1024);
        try (BoardConnection board = keyLogin(TestUsers.DASH)) {
            String remote = remoteTemp(board) + "/big.bin";
            assertThrows(TransportException.RemoteIo.class,
                    () -> ExecUpload.upload(board, file, remote, (done, total) -> done < total / 2, T));
            assertEquals(1, board.run(Command.of("test").word("-e").arg(remote), T).exitCode());
            assertTrue(board.isOpen());
            removeRemote(board, remote);
        }
    }

    @Test
    void readFileReturnsBytesAndNamesMissingFiles() throws Exception {
        try (BoardConnection board = keyLogin(TestUsers.DASH)) {
            assertArrayEquals(Files.readAllBytes(Path.of("/etc/passwd")), board.readFile("/etc/passwd", 1 << 20, T));
            var e = assertThrows(TransportException.RemoteIo.class,
                    () -> board.readFile("/no/such/file", 1024, T));
            assertTrue(e.getMessage().startsWith("board 'desk wqlab-test': cannot read /no/such/file"), e.getMessage());
        }
    }

    @Test
    void streamCancelledMidwayStopsTheRemoteCommand() throws Exception {
        try (BoardConnection board = keyLogin(TestUsers.ASH)) {
            StringBuilder text = new StringBuilder();
            CountDownLatch fiveLines = new CountDownLatch(5);
            RemoteStream stream = board.stream(
                    Command.shellScript("echo pid $$; i=0; while :; do i=$((i+1)); echo line $i; sleep 0.02; done"),
                    (b, off, len) -> {
                        String chunk = new String(b, off, len, StandardCharsets.UTF_8);
                        synchronized (text) {
                            text.append(chunk);
                        }
                        chunk.chars().filter(c -> c == '\n').forEach(c -> fiveLines.countDown());
                    }, org.wqlab.target.OutputSink.DISCARD);
            assertTrue(fiveLines.await(60, TimeUnit.SECONDS), "no output from the stream");
            assertTrue(stream.isRunning());
            stream.cancel();
            assertEquals(OptionalInt.empty(), stream.awaitEnd(T));
            assertFalse(stream.isRunning());
            String pid;
            synchronized (text) {
                pid = text.toString().lines().findFirst().orElseThrow().substring(4);
            }
            // the remote loop is gone: kill -0 fails once sshd has reaped it
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            int alive = 0;
            while (System.nanoTime() < deadline
                    && (alive = board.run(Command.of("kill").word("-0").arg(pid), T).exitCode()) == 0) {
                Thread.onSpinWait();
            }
            assertNotEquals(0, alive, "remote loop " + pid + " still runs after cancel");
            assertTrue(board.isOpen(), "cancelling a stream must not close the connection");
        }
    }

    @Test
    void serverKilledMidCommandGivesDroppedErrorNotAHang() throws Exception {
        TestSshd doomed = TestSshd.start();
        Client other = new Client().trusting(doomed);
        doomed.authorize(Path.of(SERVER.key() + ".pub"));
        BoardConnection board = other.connector.connect(
                other.profile("doomed", doomed, TestUsers.DASH, AuthMethod.PUBLIC_KEY, SERVER.key())
                        .withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(2)), HostKeyPrompt.REFUSE);
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
            try {
                return board.exec(Command.shellScript("echo started; exec sleep 300"), null,
                        (b, off, len) -> started.countDown(), org.wqlab.target.OutputSink.DISCARD,
                        Duration.ofMinutes(10));
            } catch (TransportException e) {
                return e;
            }
        });
        assertTrue(started.await(60, TimeUnit.SECONDS));
        doomed.kill();
        Object outcome;
        try {
            outcome = running.get(120, TimeUnit.SECONDS); // a guard against hanging forever, not a speed limit
        } catch (ExecutionException e) {
            outcome = e.getCause();
        }
        assertTrue(outcome instanceof TransportException.Dropped, String.valueOf(outcome));
        assertTrue(((Exception) outcome).getMessage().startsWith("board 'doomed': connection dropped while running"),
                ((Exception) outcome).getMessage());
        // the message says why the session ended, as JSch saw it (the server's end of the stream)
        assertTrue(((Exception) outcome).getMessage().matches(".*\\(127\\.0\\.0\\.1:\\d+: \\S.*\\)"),
                ((Exception) outcome).getMessage());
        assertFalse(board.isOpen());
        assertThrows(TransportException.Dropped.class, () -> board.run(Command.of("true"), T));
        board.close();
    }

    @Test
    void sshConfigAliasUserPortIdentityFileAndProxyJump() throws Exception {
        Client configured = new Client().trusting(SERVER.sshd());
        Files.writeString(configured.sshConfig, String.join("\n",
                "Host lab-jump",
                "  HostName 127.0.0.1",
                "  Port " + SERVER.sshd().port,
                "  User " + TestUsers.DASH,
                "  IdentityFile " + SERVER.key(),
                "Host rcar-lab",
                "  HostName 127.0.0.1",
                "  Port " + SERVER.sshd().port,
                "  User " + TestUsers.ASH,
                "  IdentityFile " + SERVER.key(),
                "  ProxyJump lab-jump",
                "Host rcar-direct",
                "  HostName 127.0.0.1",
                "  Port " + SERVER.sshd().port,
                "  User " + TestUsers.ASH,
                "  IdentityFile " + SERVER.key(),
                ""));
        try (BoardConnection board = configured.connector.connect(BoardProfile.of("aliased", "rcar-direct", 0, ""),
                HostKeyPrompt.REFUSE)) {
            assertEquals(TestUsers.ASH + "\n", board.run(Command.of("id").word("-un"), T).stdoutText());
        }
        try (TestSshd jumpHost = TestSshd.start("LogLevel DEBUG1")) {
            jumpHost.authorize(Path.of(SERVER.key() + ".pub"));
            Files.writeString(configured.userKnownHosts, jumpHost.hostKeyLine() + "\n",
                    java.nio.file.StandardOpenOption.APPEND);
            Files.writeString(configured.sshConfig, Files.readString(configured.sshConfig)
                    .replace("Port " + SERVER.sshd().port + "\n  User " + TestUsers.DASH,
                            "Port " + jumpHost.port + "\n  User "
                            + TestUsers.DASH));
            try (BoardConnection board = configured.connector.connect(BoardProfile.of("behind jump", "rcar-lab", 0, ""),
                    HostKeyPrompt.REFUSE)) {
                assertEquals(TestUsers.ASH + "\n", board.run(Command.of("id").word("-un"), T).stdoutText());
            }
            String jumpLog = Files.readString(jumpHost.log);
            assertTrue(jumpLog.contains("target 127.0.0.1 port " + SERVER.sshd().port),
                    "the jump host forwarded nothing: "
                    + jumpLog);
            // the profile's own jump host field, [user@]host:port, without any ~/.ssh/config entry
            BoardProfile explicit = new BoardProfile("explicit jump", "127.0.0.1", SERVER.sshd().port, TestUsers.ASH,
                    AuthMethod.PUBLIC_KEY, SERVER.key(), TestUsers.DASH + "@127.0.0.1:" + jumpHost.port,
                    org.wqlab.target.HostKeyPolicy.REFUSE_UNKNOWN, null, null);
            try (BoardConnection board = configured.connector.connect(explicit, HostKeyPrompt.REFUSE)) {
                assertEquals(TestUsers.ASH + "\n", board.run(Command.of("id").word("-un"), T).stdoutText());
            }
            assertEquals(2, Files.readString(jumpHost.log).lines()
                    .filter(l -> l.contains("target 127.0.0.1 port " + SERVER.sshd().port)).count());
            assertTrue(jumpLog.contains("Accepted publickey for " + TestUsers.DASH), jumpLog);
        }
    }

    @Test
    void factsProbeMatchesTheLocalKernel() throws Exception {
        BoardFacts facts;
        try (BoardConnection board = keyLogin(TestUsers.ASH)) {
            facts = BoardFactsProbe.probe(board, T);
        }
        assertEquals(Tools.run(List.of("uname", "-a")).strip(), facts.uname());
        assertEquals(Integer.parseInt(Tools.run(List.of("nproc")).strip()), facts.cpuCount());
        String cpuinfo = Files.readString(Path.of("/proc/cpuinfo"));
        double bogo = cpuinfo.lines().filter(l -> l.toLowerCase().startsWith("bogomips"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.indexOf(':') + 1).strip())).findFirst().orElse(0);
        assertEquals(bogo, facts.bogoMips(), 1e-9);
        long mem = Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", ""))).findFirst().orElseThrow();
        assertEquals(mem, facts.memTotalKb());
        assertEquals(Files.readString(Path.of("/proc/cmdline")).strip(), facts.kernelCommandLine());
        Path thresh = Path.of("/sys/module/workqueue/parameters/cpu_intensive_thresh_us");
        if (Files.isReadable(thresh)) {
            assertEquals(Long.parseLong(Files.readString(thresh).strip()), facts.cpuIntensiveThresholdUs().getAsLong());
        } else {
            assertTrue(facts.cpuIntensiveThresholdUs().isEmpty());
        }
        Path configGz = Path.of("/proc/config.gz");
        if (Files.isReadable(configGz)) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(configGz))) {
                String hz = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                        .filter(l -> l.startsWith("CONFIG_HZ=")).findFirst().orElseThrow().substring(10);
                assertEquals(Integer.parseInt(hz), facts.hz());
                assertEquals(BoardFacts.HzSource.PROC_CONFIG_GZ, facts.hzSource());
            }
        } else {
            assertTrue(facts.hzSource() != BoardFacts.HzSource.PROC_CONFIG_GZ);
            assertTrue(facts.hz() == 0 || List.of(100, 128, 200, 250, 256, 300, 500, 1000, 1024).contains(facts.hz()),
                    "HZ " + facts.hz());
        }
        long usbStorage = 0;
        try (var devices = Files.list(Path.of("/sys/bus/usb/devices"))) {
            for (Path iface : devices.filter(p -> p.getFileName().toString().contains(":")).toList()) {
                Path cls = iface.resolve("bInterfaceClass");
                if (Files.isReadable(cls) && Files.readString(cls).strip().equals("08")) {
                    usbStorage++;
                }
            }
        } catch (IOException noUsbBus) {
            usbStorage = 0;
        }
        assertEquals(usbStorage, facts.usbStorage().stream().count());
    }

    @Test
    void connectorAndSecretStoreAreOsgiServices() {
        BundleContext context = FrameworkUtil.getBundle(BoardConnector.class).getBundleContext();
        BundleContext own = FrameworkUtil.getBundle(org.wqlab.target.ssh.JschBoardConnector.class).getBundleContext();
        BundleContext ctx = own != null ? own : context;
        ServiceReference<BoardConnector> connector = ctx.getServiceReference(BoardConnector.class);
        ServiceReference<SecretStore> store = ctx.getServiceReference(SecretStore.class);
        assertTrue(connector != null, "no BoardConnector service registered");
        assertTrue(store != null, "no SecretStore service registered");
        assertEquals("org.wqlab.target.ssh", connector.getBundle().getSymbolicName());
        assertTrue(ctx.getService(connector) instanceof org.wqlab.target.ssh.JschBoardConnector);
        ctx.ungetService(connector);
    }

    static String remoteTemp(BoardConnection board) throws TransportException {
        ExecResult made = board.run(Command.of("mktemp").word("-d"), T);
        assertEquals(0, made.exitCode(), made.stderrText());
        return made.stdoutText().strip();
    }

    /** Removes the mktemp folder holding {@code remoteFile}, so runs do not fill the board's /tmp. */
    static void removeRemote(BoardConnection board, String remoteFile) throws TransportException {
        String folder = remoteFile.substring(0, remoteFile.lastIndexOf('/'));
        assertEquals(0, board.run(Command.of("rm").word("-rf").word("--").arg(folder), T).exitCode());
    }

    static Path randomFile(Path file, int size) throws IOException {
        byte[] data = new byte[size];
        new Random().nextBytes(data);
        Files.write(file, data);
        return file;
    }

    static String sha256(Path file) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static long countLines(Path log, String needle) throws IOException {
        return Files.readAllLines(log).stream().filter(l -> l.contains(needle)).count();
    }

    @SuppressWarnings("unused")
    private static byte[] bytes(ByteArrayOutputStream out) {
        return out.toByteArray();
    }
}
