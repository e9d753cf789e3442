package org.wqlab.product.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the product's launcher script as a user would, and keeps what it printed. */
record Launch(int exitCode, String stdout, String stderr) {
    private static final long TIMEOUT_SECONDS = 300;

    static Path productDir() {
        return Path.of(System.getProperty("wqlab.product.dir"));
    }

    static Launch run(Map<String, String> environmentChanges, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(productDir().resolve("wqlab").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        environmentChanges.forEach((key, value) -> {
            if (value == null) {
                builder.environment().remove(key);
            } else {
                builder.environment().put(key, value);
            }
        });
        Path out = Files.createTempFile("wqlab-launch", ".out");
        Path err = Files.createTempFile("wqlab-launch", ".err");
        try {
            Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("launcher did not finish within " + TIMEOUT_SECONDS + " s: " + command);
            }
            return new Launch(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
