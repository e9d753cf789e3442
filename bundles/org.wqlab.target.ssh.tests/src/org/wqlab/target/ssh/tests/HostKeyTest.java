package org.wqlab.target.ssh.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.Command;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.HostKeyPrompt.UnknownHostKey;
import org.wqlab.target.TransportException;

/** Unknown host keys asked or refused, changed keys refused naming file and line, known accepted. */
class HostKeyTest {

    private static TestSshd sshd;
    private static Path key;
    private static Path keyDir;

    @BeforeAll
    static void startServer() throws Exception {
        TestSshd.requireSshd();
        TestUsers.password();
        sshd = TestSshd.start();
        Client keys = new Client();
        key = keys.newKey("ed25519", "");
        keyDir = keys.dir;
        sshd.authorize(Path.of(key + ".pub"));
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (sshd != null) {
            sshd.close();
        }
    }

    private BoardProfile profile(HostKeyPolicy policy) {
        return new BoardProfile("hk board", "127.0.0.1", sshd.port, TestUsers.DASH, AuthMethod.PUBLIC_KEY, key, null,
                policy, null, null);
    }

    @Test
    void unknownKeyIsRefusedHeadlessWithTheOpenSshFingerprint() throws Exception {
        Client client = new Client();
        var e = assertThrows(TransportException.HostKeyUnknown.class,
                () -> client.connector.connect(profile(HostKeyPolicy.REFUSE_UNKNOWN), HostKeyPrompt.REFUSE));
        String fingerprint = sshd.opensshFingerprint();
        assertEquals(fingerprint, e.fingerprint());
        assertTrue(e.getMessage().startsWith("board 'hk board': host key of [127.0.0.1]:" + sshd.port
                + " is not known (ssh-ed25519 " + fingerprint + "); refused."), e.getMessage());
        assertFalse(Files.exists(client.environment.wqlabKnownHosts()), "a refused key must not be recorded");
        // the policy ASK with the headless prompt refuses too
        assertThrows(TransportException.HostKeyUnknown.class,
                () -> client.connector.connect(profile(HostKeyPolicy.ASK), HostKeyPrompt.REFUSE));
    }

    @Test
    void unknownKeyIsAskedAndRecordedWhenAccepted() throws Exception {
        Client client = new Client();
        List<UnknownHostKey> asked = new ArrayList<>();
        assertThrows(TransportException.HostKeyUnknown.class, () -> client.connector
                .connect(profile(HostKeyPolicy.ASK), k -> asked.add(k) && false));
        assertEquals(List.of(new UnknownHostKey("hk board", "127.0.0.1", sshd.port, "ssh-ed25519",
                sshd.opensshFingerprint())), asked);
        try (BoardConnection board = client.connector.connect(profile(HostKeyPolicy.ASK), k -> asked.add(k))) {
            assertEquals(0, board.run(Command.of("true"), Duration.ofSeconds(60)).exitCode());
        }
        assertEquals(2, asked.size());
        assertEquals(List.of(sshd.hostKeyLine()), Files.readAllLines(client.environment.wqlabKnownHosts()));
        // recorded: accepted without asking, even headless
        try (BoardConnection board = client.connector.connect(profile(HostKeyPolicy.REFUSE_UNKNOWN),
                k -> asked.add(k))) {
            assertTrue(board.isOpen());
        }
        assertEquals(2, asked.size(), "a recorded key must not be asked again");
        // OpenSSH itself accepts the file wqlab wrote
        Tools.run(List.of("ssh", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes", "-o",
                "UserKnownHostsFile=" + client.environment.wqlabKnownHosts(), "-o", "GlobalKnownHostsFile=/dev/null",
                "-i", key.toString(), "-p", Integer.toString(sshd.port), TestUsers.DASH + "@127.0.0.1", "true"));
    }

    @Test
    void acceptNewRecordsTheKey() throws Exception {
        Client client = new Client();
        try (BoardConnection board = client.connector.connect(profile(HostKeyPolicy.ACCEPT_NEW), HostKeyPrompt.REFUSE)) {
            assertTrue(board.isOpen());
        }
        assertEquals(List.of(sshd.hostKeyLine()), Files.readAllLines(client.environment.wqlabKnownHosts()));
    }

    @Test
    void knownKeyInUserKnownHostsIsAcceptedAlsoWhenHashed() throws Exception {
        Client client = new Client().trusting(sshd);
        Tools.run(List.of("ssh-keygen", "-q", "-H", "-f", client.userKnownHosts.toString()));
        assertTrue(Files.readString(client.userKnownHosts).startsWith("|1|"), "ssh-keygen -H did not hash");
        try (BoardConnection board = client.connector.connect(profile(HostKeyPolicy.REFUSE_UNKNOWN),
                HostKeyPrompt.REFUSE)) {
            assertTrue(board.isOpen());
        }
        assertFalse(Files.exists(client.environment.wqlabKnownHosts()));
    }

    @Test
    void changedKeyIsRefusedNamingFileAndLineEvenWithAcceptNew() throws Exception {
        Client client = new Client();
        Path other = keyDir.resolve("other_host_key_" + System.nanoTime());
        Tools.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", other.toString()));
        String[] otherPub = Files.readString(Path.of(other + ".pub")).strip().split(" ");
        Files.write(client.userKnownHosts, List.of("# lab boards", "10.0.0.9 " + otherPub[0] + " " + otherPub[1], "",
                "[127.0.0.1]:" + sshd.port + " " + otherPub[0] + " " + otherPub[1], "# end"));
        for (HostKeyPolicy policy : HostKeyPolicy.values()) {
            List<UnknownHostKey> asked = new ArrayList<>();
            var e = assertThrows(TransportException.HostKeyChanged.class,
                    () -> client.connector.connect(profile(policy), k -> asked.add(k)));
            assertEquals(client.userKnownHosts.toString(), e.file());
            assertEquals(4, e.line());
            assertTrue(e.getMessage().contains(client.userKnownHosts + " line 4"), e.getMessage());
            assertTrue(e.getMessage().contains(sshd.opensshFingerprint()), e.getMessage());
            assertTrue(asked.isEmpty(), "a changed key must never be offered for acceptance");
        }
        assertFalse(Files.exists(client.environment.wqlabKnownHosts()));
    }

    @Test
    void revokedKeyIsRefusedNamingFileAndLineEvenWithAcceptNewAsOpenSshRefusesIt() throws Exception {
        Client client = new Client();
        String[] pub = sshd.hostKeyLine().split(" ", 2);
        // a plain line trusting the key too: @revoked wins, as in OpenSSH
        Files.write(client.userKnownHosts, List.of("# revoked after the lab's key leak", "@revoked * " + pub[1],
                sshd.hostKeyLine()));
        for (HostKeyPolicy policy : HostKeyPolicy.values()) {
            List<UnknownHostKey> asked = new ArrayList<>();
            var e = assertThrows(TransportException.HostKeyRevoked.class,
                    () -> client.connector.connect(profile(policy), k -> asked.add(k)));
            assertEquals(client.userKnownHosts.toString(), e.file());
            assertEquals(2, e.line());
            assertTrue(e.getMessage().contains("REVOKED HOST KEY DETECTED"), e.getMessage());
            assertTrue(e.getMessage().contains(client.userKnownHosts + " line 2"), e.getMessage());
            assertTrue(e.getMessage().contains(sshd.opensshFingerprint()), e.getMessage());
            assertTrue(asked.isEmpty(), "a revoked key must never be offered for acceptance");
        }
        assertFalse(Files.exists(client.environment.wqlabKnownHosts()), "a revoked key must not be recorded");
        String openssh = opensshRefusal(client.userKnownHosts);
        assertTrue(openssh.contains("REVOKED HOST KEY DETECTED"), openssh);
    }

    @Test
    void certAuthorityLineIsReportedAsUnsupportedNeverAsUnknown() throws Exception {
        Client client = new Client();
        Path ca = keyDir.resolve("host_ca_" + System.nanoTime());
        Tools.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", ca.toString()));
        String caPub = Files.readString(Path.of(ca + ".pub")).strip();
        Files.write(client.userKnownHosts, List.of("@cert-authority [127.0.0.1]:* " + caPub));
        for (HostKeyPolicy policy : HostKeyPolicy.values()) {
            List<UnknownHostKey> asked = new ArrayList<>();
            var e = assertThrows(TransportException.HostCertificatesUnsupported.class,
                    () -> client.connector.connect(profile(policy), k -> asked.add(k)));
            assertEquals(client.userKnownHosts.toString(), e.file());
            assertEquals(1, e.line());
            assertTrue(e.getMessage().contains("host certificates are not supported"), e.getMessage());
            assertTrue(e.getMessage().contains(client.userKnownHosts + " line 1"), e.getMessage());
            assertTrue(asked.isEmpty(), "a host under a certificate authority must not be offered as unknown");
        }
        assertFalse(Files.exists(client.environment.wqlabKnownHosts()));
        // the board's plain key recorded beside the CA line is trusted as before
        client.trusting(sshd);
        try (BoardConnection board = client.connector.connect(profile(HostKeyPolicy.REFUSE_UNKNOWN),
                HostKeyPrompt.REFUSE)) {
            assertTrue(board.isOpen());
        }
    }

    private String opensshRefusal(Path knownHosts) throws Exception {
        // accept-new is OpenSSH's counterpart of --accept-new-host-key
        Process ssh = new ProcessBuilder("ssh", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=accept-new", "-o",
                "UserKnownHostsFile=" + knownHosts, "-o", "GlobalKnownHostsFile=/dev/null", "-i", key.toString(),
                "-p", Integer.toString(sshd.port), TestUsers.DASH + "@127.0.0.1", "true").redirectErrorStream(true)
                .start();
        ssh.getOutputStream().close();
        String out = new String(ssh.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(ssh.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "ssh did not finish");
        assertTrue(ssh.exitValue() != 0, "OpenSSH connected despite the revoked key: " + out);
        return out;
    }
}
