package org.wqlab.vboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The virtual board's host key as the registry trusts it: read from build.sh's host_key.pub and accepted only when its
 * SHA-256 fingerprint is the one build.sh recorded, computed independently here by OpenSSH's ssh-keygen.
 */
class HostPublicKeyTest {

    @TempDir
    Path dir;

    @Test
    void theKeyIsGivenOnlyWhenItsFingerprintIsTheRecordedOne() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh-keygen")), "ssh-keygen not installed");
        Path keys = Files.createDirectories(dir.resolve("ssh"));
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", keys.resolve("host").toString());
        Files.move(keys.resolve("host.pub"), keys.resolve("host_key.pub"));
        String fingerprint = run("ssh-keygen", "-l", "-E", "sha256", "-f", keys.resolve("host_key.pub").toString())
                .split("\\s+")[1];
        String[] written = Files.readString(keys.resolve("host_key.pub"), StandardCharsets.US_ASCII).split(" ");

        assertEquals(written[0] + " " + written[1], VirtualBoard.hostPublicKey(board(keys, fingerprint)));

        String other = "SHA256:" + "A".repeat(43);
        VboardException e = assertThrows(VboardException.class, () -> VirtualBoard.hostPublicKey(board(keys, other)));
        assertTrue(e.getMessage().contains(keys.resolve("host_key.pub").toString()) && e.getMessage().contains(other)
                && e.getMessage().contains(fingerprint), e.getMessage());

        Files.delete(keys.resolve("host_key.pub"));
        e = assertThrows(VboardException.class, () -> VirtualBoard.hostPublicKey(board(keys, fingerprint)));
        assertTrue(e.getMessage().contains("host_key.pub"), e.getMessage());
    }

    private static RunningBoard board(Path keys, String fingerprint) {
        return new RunningBoard(VboardArch.X86_64, 1, 2222, keys.resolve("qmp.sock"), keys.resolve("serial.log"),
                keys.resolve("stick.img"), keys.resolve("id_ed25519"), fingerprint, "6.1.0-test-amd64", 0,
                Instant.now());
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), String.join(" ", command) + " did not end");
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out);
        return out.strip();
    }
}
