package org.wqlab.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A copy of the IDE-like product: its director, its start, its installed bundles. */
final class Ide {
    private static final Duration DIRECTOR = Duration.ofMinutes(5);

    final Path home;
    private final Path logs;
    private int runs;

    Ide(Path home, Path logs) {
        this.home = home;
        this.logs = logs;
    }

    /** A fresh copy of the built product (the build's own stays as built) in an emptied work folder. */
    static Ide copyOf(Path built, Path work) throws IOException {
        if (Files.exists(work)) {
            try (Stream<Path> files = Files.walk(work)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Path home = work.resolve("eclipse");
        Files.createDirectories(work);
        try (Stream<Path> files = Files.walk(built)) {
            for (Path p : files.toList()) {
                Files.copy(p, home.resolve(built.relativize(p).toString()));
            }
        }
        return new Ide(home, Files.createDirectories(work.resolve("logs")));
    }

    /** The p2 director application of this installation, on itself; fails naming the log when it fails. */
    String director(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("-nosplash", "-consoleLog", "-application",
                "org.eclipse.equinox.p2.director"));
        command.addAll(Arrays.asList(args));
        Process p = start(List.of(), command, "director");
        Path log = lastLog();
        if (!p.waitFor(DIRECTOR.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            fail("the director did not end within " + DIRECTOR.toMinutes() + " min: " + log);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "director " + String.join(" ", args) + " failed: " + out);
        return out;
    }

    /** The roots p2 lists as installed ({@code id/version}), as {@code -listInstalledRoots} prints them. */
    List<String> installedRoots() throws Exception {
        return director("-listInstalledRoots").lines().filter(l -> l.matches("[\\w.\\-]+/\\d+\\.\\d+\\.\\d+.*"))
                .toList();
    }

    /** The bundles the next start runs: simpleconfigurator's bundles.info, "id,version". */
    List<String> configuredBundles() throws IOException {
        return Files.readAllLines(home.resolve("configuration/org.eclipse.equinox.simpleconfigurator/bundles.info"))
                .stream().filter(l -> !l.startsWith("#")).map(l -> {
                    String[] f = l.split(",");
                    return f[0] + "," + f[1];
                }).toList();
    }

    /** Starts the IDE; output to a log file in the logs folder ({@link #lastLog()}). */
    Process start(List<String> vmArgs, List<String> args, String what) throws IOException {
        Path launcher;
        try (Stream<Path> plugins = Files.list(home.resolve("plugins"))) {
            launcher = plugins.filter(f -> f.getFileName().toString().startsWith("org.eclipse.equinox.launcher_"))
                    .findFirst().orElseThrow(() -> new AssertionError("no launcher jar in " + home));
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx1g");
        command.addAll(vmArgs);
        command.addAll(List.of("-jar", launcher.toString(), "-os", "linux", "-ws", "gtk", "-arch", "x86_64"));
        command.addAll(args);
        runs++;
        Path log = logs.resolve(runs + "-" + what + ".log");
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    Path lastLog() {
        try (Stream<Path> files = Files.list(logs)) {
            return files.filter(f -> f.getFileName().toString().startsWith(runs + "-")).findFirst().orElseThrow();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static void assertEnds(Process p, Duration timeout, Path log) throws Exception {
        if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            fail("the IDE did not end within " + timeout.toSeconds() + " s: " + log);
        }
    }
}
