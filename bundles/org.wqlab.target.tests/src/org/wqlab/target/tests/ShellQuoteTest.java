package org.wqlab.target.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wqlab.target.Command;
import org.wqlab.target.ShellQuote;

class ShellQuoteTest {

    static List<String> hostileValues() {
        return HostileValues.ALL;
    }

    @Test
    void quotesSingleQuotesTheOpenSshWay() {
        assertEquals("'it'\\''s'", ShellQuote.quote("it's"));
        assertEquals("''", ShellQuote.quote(""));
        assertEquals("'$(x) `y` \"z\"'", ShellQuote.quote("$(x) `y` \"z\""));
    }

    @Test
    void refusesNul() {
        var e = assertThrows(IllegalArgumentException.class, () -> ShellQuote.quote("a\0b"));
        assertEquals("a shell argument cannot contain a NUL character", e.getMessage());
    }

    @Test
    void commandBuilderRefusesValuesAsWordsOrOperators() {
        assertThrows(IllegalArgumentException.class, () -> Command.of("rm; reboot"));
        assertThrows(IllegalArgumentException.class, () -> Command.of("ls").word("$(id)"));
        assertThrows(IllegalArgumentException.class, () -> Command.of("ls").op("&& reboot"));
        assertEquals("cat -- '/tmp/a b' 2>/dev/null", Command.of("cat").word("--").arg("/tmp/a b").op("2>/dev/null")
                .toShellString());
        assertEquals("sh -c 'echo \"$1\"' sh 'x'\\''y'", Command.shellScript("echo \"$1\"", "x'y").toShellString());
    }

    /** The quoted value, run by the real local dash and busybox ash, arrives byte-exact and runs nothing. */
    @ParameterizedTest
    @MethodSource("hostileValues")
    void localShellsReceiveEachValueByteExact(String value, @TempDir Path dir) throws Exception {
        for (String shell : List.of("/bin/dash", "/bin/busybox")) {
            assumeTrue(Files.isExecutable(Path.of(shell)), shell + " is not installed");
            Path marker = dir.resolve("pwned");
            String printed = runLocal(shell, Command.of("printf").arg("%s").arg(value.replace("/tmp/pwned",
                    marker.toString())).toShellString());
            assertEquals(value.replace("/tmp/pwned", marker.toString()), printed, shell);
            assertFalse(Files.exists(marker), shell + " executed part of " + value);
        }
    }

    private static String runLocal(String shell, String commandLine) throws IOException, InterruptedException {
        List<String> argv = shell.endsWith("busybox") ? List.of(shell, "ash", "-c", commandLine)
                : List.of(shell, "-c", commandLine);
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertEquals(true, process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), new String(out, StandardCharsets.UTF_8));
        return new String(out, StandardCharsets.UTF_8);
    }

    @Test
    void utf8SurvivesQuoting() throws Exception {
        String value = "Grüße ✓ 'ü'";
        assertArrayEquals(value.getBytes(StandardCharsets.UTF_8),
                runLocal("/bin/dash", Command.of("printf").arg("%s").arg(value).toShellString())
                        .getBytes(StandardCharsets.UTF_8));
    }
}
