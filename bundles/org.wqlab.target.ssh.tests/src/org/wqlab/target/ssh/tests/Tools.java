package org.wqlab.target.ssh.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs local tools (ssh-keygen, useradd) and checks they succeeded. */
final class Tools {

    private Tools() {
    }

    static String run(List<String> argv) throws IOException, InterruptedException {
        return run(argv, null);
    }

    static String run(List<String> argv, byte[] stdin) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        try (OutputStream in = process.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin);
            }
        }
        byte[] out = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), argv + " did not finish");
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), argv.get(0) + " failed: " + text);
        return text;
    }
}
