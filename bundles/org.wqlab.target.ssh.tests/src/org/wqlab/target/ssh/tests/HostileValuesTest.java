package org.wqlab.target.ssh.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.ExecUpload;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.TransferProgress;

/**
 * Hostile values through every field that reaches a remote command (command arguments, the
 * upload's remote path over SFTP and over the cat fallback, the read path), against OpenSSH's sshd with the login
 * shells dash and busybox ash. Nothing runs, and every value arrives byte-exact.
 */
class HostileValuesTest {

    private static final Duration T = Duration.ofSeconds(60);
    private static final Path PWNED = Path.of("/tmp/pwned");
    private static final List<String> VALUES = List.of(
            "'", "\"", "$(touch /tmp/pwned)", ";", "a; touch /tmp/pwned; b", "line1\nline2\n", "`touch /tmp/pwned`",
            "-n", "--help", "-rf", "x'$(touch /tmp/pwned)'y", "\"$(touch /tmp/pwned)\"", "'; touch /tmp/pwned; echo '",
            "$HOME * ? [a] ~ \\ | & > < ( ) { } !", " leading and trailing spaces\t", "", "Grüße ✓");

    @RegisterExtension
    static final KeyLoginServer SERVER = new KeyLoginServer();

    @BeforeEach
    void noMarker() throws Exception {
        Files.deleteIfExists(PWNED);
    }

    @ParameterizedTest
    @ValueSource(strings = {TestUsers.DASH, TestUsers.ASH})
    void valuesArriveByteExactAndNothingRuns(String user, @TempDir Path local) throws Exception {
        try (BoardConnection board = SERVER.client().connector.connect(
                SERVER.client().profile("hostile " + user, SERVER.sshd(), user, AuthMethod.PUBLIC_KEY, SERVER.key()), HostKeyPrompt.REFUSE)) {
            // not the script's last command: a shell may exec its last command in place of itself (busybox ash
            // does), and /proc/$$/exe would then name readlink
            String shell = board.run(Command.script("readlink /proc/$$/exe; true"), T).stdoutText().strip();
            assertEquals(user.equals(TestUsers.ASH) ? "/usr/bin/busybox" : "/usr/bin/dash", shell,
                    "login shell of " + user);
            String base = SshIntegrationTest.remoteTemp(board);
            int i = 0;
            for (String value : VALUES) {
                i++;
                // 1. as command arguments: printf echoes each argument back between NUL separators
                ExecResult echoed = board.run(Command.of("printf").arg("%s\\0").arg(value).arg(value), T);
                assertEquals(0, echoed.exitCode(), echoed.stderrText());
                assertArrayEquals((value + "\0" + value + "\0").getBytes(StandardCharsets.UTF_8), echoed.stdout(),
                        "argument " + printable(value));
                // 2. as a file name (a path component; '/' makes sub folders, created through quoted arguments too)
                String dir = base + "/" + i;
                String remote = dir + "/f" + value;
                String parent = remote.substring(0, remote.lastIndexOf('/'));
                assertEquals(0, board.run(Command.of("mkdir").word("-p").word("--").arg(parent), T).exitCode());
                byte[] content = ("content of " + value).getBytes(StandardCharsets.UTF_8);
                Path file = Files.write(local.resolve("payload" + i), content);
                board.upload(file, remote, TransferProgress.NONE, T);
                assertArrayEquals(content, board.readFile(remote, 1 << 20, T), "SFTP upload to " + printable(remote));
                String fallback = remote + "-cat";
                ExecUpload.upload(board, file, fallback, TransferProgress.NONE, T);
                assertArrayEquals(content, board.readFile(fallback, 1 << 20, T), "cat upload to " + printable(fallback));
                // the names on the board are exactly the two asked for, nothing else appeared
                ExecResult listing = board.run(
                        Command.shellScript("cd \"$1\" && find . -type f -exec printf '%s\\0' {} +", dir), T);
                assertEquals(0, listing.exitCode(), listing.stderrText());
                Set<String> names = new TreeSet<>(List.of(listing.stdoutText().split("\0")));
                String relative = "./" + remote.substring(dir.length() + 1);
                assertEquals(new TreeSet<>(Set.of(relative, relative + "-cat")), names, printable(value));
                assertFalse(Files.exists(PWNED), "executed: " + printable(value));
            }
            assertEquals(1, board.run(Command.of("test").word("-e").arg(PWNED.toString()), T).exitCode());
            assertEquals(0, board.run(Command.of("rm").word("-rf").word("--").arg(base), T).exitCode());
        }
        assertFalse(Files.exists(PWNED));
    }

    private static String printable(String value) {
        return "[" + value.replace("\n", "\\n").replace("\t", "\\t") + "]";
    }
}
