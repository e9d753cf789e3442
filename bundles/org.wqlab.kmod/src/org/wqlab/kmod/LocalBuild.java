package org.wqlab.kmod;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Builds latency-mon on this machine: {@code make KDIR=<kernel build dir> [ARCH=.. CROSS_COMPILE=..]} in a fresh copy
 * of the shipped sources, as a local process (no shell: each argument is passed as it is).
 *
 * @param sources where the latency-mon sources are ({@link KmodSources#locate()})
 * @param kernelBuildDir the target kernel's prepared build tree (headers + .config + Module.symvers)
 * @param arch the kernel's ARCH ({@code arm64}), or null/empty for a native build
 * @param crossCompile the toolchain prefix ({@code aarch64-linux-gnu-}), or null/empty
 * @param make the make program ({@code make} from PATH when null)
 */
public record LocalBuild(KmodSources sources, Path kernelBuildDir, String arch, String crossCompile, String make) {

    public LocalBuild {
        java.util.Objects.requireNonNull(sources, "sources");
        arch = arch == null ? "" : arch.strip();
        crossCompile = crossCompile == null ? "" : crossCompile.strip();
        make = make == null || make.isBlank() ? "make" : make;
        if (!arch.matches("[A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("ARCH '" + arch + "' is not a kernel architecture name");
        }
    }

    public static LocalBuild nativeBuild(KmodSources sources, Path kernelBuildDir) {
        return new LocalBuild(sources, kernelBuildDir, null, null, null);
    }

    public static LocalBuild cross(KmodSources sources, Path kernelBuildDir, String arch, String crossCompile) {
        return new LocalBuild(sources, kernelBuildDir, arch, crossCompile, null);
    }

    public List<String> command() {
        List<String> cmd = new ArrayList<>(List.of(make, "-C", ".", "KDIR=" + kernelBuildDir.toAbsolutePath()));
        if (!arch.isEmpty()) {
            cmd.add("ARCH=" + arch);
        }
        if (!crossCompile.isEmpty()) {
            cmd.add("CROSS_COMPILE=" + crossCompile);
        }
        return List.copyOf(cmd);
    }

    /**
     * Builds in {@code workDir} (sources are copied there) and returns the module file. Every output line goes to
     * {@code log}; a failure's message ends with the last lines of the build output.
     */
    public Path build(Path workDir, Duration timeout, Consumer<String> log) throws KmodException {
        if (!Files.isDirectory(kernelBuildDir)) {
            throw new KmodException("kernel build dir " + kernelBuildDir + " does not exist (configure the"
                    + " target kernel's prepared build tree, e.g. /usr/src/linux-headers-<release>)");
        }
        sources.copyTo(workDir);
        ProcessBuilder pb = new ProcessBuilder(command()).directory(workDir.toFile()).redirectErrorStream(true);
        Deque<String> tail = new ArrayDeque<>();
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new KmodException("cannot run " + make + ": " + e.getMessage(), e);
        }
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                log.accept(line);
                tail.addLast(line);
                if (tail.size() > 20) {
                    tail.removeFirst();
                }
            }
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new KmodException("module build did not finish within " + timeout.toSeconds() + " s");
            }
        } catch (IOException e) {
            process.destroyForcibly();
            throw new KmodException("module build output could not be read: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new KmodException("module build interrupted", e);
        }
        Path module = workDir.resolve(KmodSources.MODULE_FILE);
        if (process.exitValue() != 0 || !Files.isRegularFile(module)) {
            throw new KmodException(String.join(" ", command()) + " failed (exit " + process.exitValue() + ") in "
                    + workDir + ":\n" + String.join("\n", tail));
        }
        return module;
    }
}
