package org.wqlab.ide.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Top-level windows on the test's X display, as xwininfo lists them. */
final class Windows {
    private static final Pattern NAMED = Pattern.compile("^\\s+0x[0-9a-f]+ \"([^\"]*)\"", Pattern.MULTILINE);

    private Windows() {
    }

    /** Polls until a mapped window's title matches, or fails when the process ends or the time is up. */
    static String waitForTitle(Process process, Predicate<String> title, Duration timeout, Path log) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                fail("the IDE ended (exit " + process.exitValue() + ") before its window was shown: " + log);
            }
            Process x = new ProcessBuilder("xwininfo", "-root", "-children").redirectErrorStream(true).start();
            String out = new String(x.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            x.waitFor();
            Matcher m = NAMED.matcher(out);
            while (m.find()) {
                if (title.test(m.group(1))) {
                    return m.group(1);
                }
            }
            Thread.sleep(500);
        }
        fail("no window within " + timeout.toSeconds() + " s: " + log);
        return null;
    }
}
