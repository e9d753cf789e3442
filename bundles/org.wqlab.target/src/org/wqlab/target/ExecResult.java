package org.wqlab.target;

import java.nio.charset.StandardCharsets;

/** Exit code and the captured output of a finished command. */
public record ExecResult(int exitCode, byte[] stdout, byte[] stderr) {

    public String stdoutText() {
        return new String(stdout, StandardCharsets.UTF_8);
    }

    public String stderrText() {
        return new String(stderr, StandardCharsets.UTF_8);
    }

    public boolean succeeded() {
        return exitCode == 0;
    }
}
