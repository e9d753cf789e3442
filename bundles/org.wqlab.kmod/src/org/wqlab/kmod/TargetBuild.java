package org.wqlab.kmod;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * Builds latency-mon on the board itself, when it has its kernel's build tree ({@code /lib/modules/$(uname -r)/build})
 * and a compiler: the shipped sources are copied to {@code <remoteDir>/src}, {@code make} runs there, and the
 * resulting .ko is fetched back, so it goes through the same checks and identity record as any other module.
 */
public final class TargetBuild {

    private static final long MAX_MODULE_BYTES = 64L * 1024 * 1024;

    private final Duration commandTimeout;
    private final Duration buildTimeout;

    public TargetBuild(Duration commandTimeout, Duration buildTimeout) {
        this.commandTimeout = commandTimeout;
        this.buildTimeout = buildTimeout;
    }

    /** The board's build tree, or null when it has none (then this source is not offered). */
    public String buildTree(BoardConnection connection) throws TransportException, KmodException {
        BoardKernel kernel = BoardKernel.probe(connection, commandTimeout);
        String tree = "/lib/modules/" + kernel.release() + "/build";
        ExecResult ls = connection.run(Command.of("ls").word("-d").arg(tree + "/"), commandTimeout);
        return ls.succeeded() ? tree : null;
    }

    /** Builds on the board and returns the module copied into {@code localDir}. */
    public Path build(BoardConnection connection, KmodSources sources, String remoteDir, Path localDir, KmodProgress progress)
            throws TransportException, KmodException {
        String board = connection.profile().name();
        String tree = buildTree(connection);
        if (tree == null) {
            throw new KmodException("board '" + board + "' has no kernel build tree at /lib/modules/$(uname -r)/build;"
                    + " build on this machine with the target kernel's tree instead");
        }
        String src = remoteDir + "/src";
        ExecResult mkdir = connection.run(Command.of("mkdir").word("-p").arg(src), commandTimeout);
        if (!mkdir.succeeded()) {
            throw new KmodException("board '" + board + "': cannot create " + src + ": " + mkdir.stderrText().strip());
        }
        progress.step("Copying the module sources to " + src);
        for (String file : KmodSources.FILES) {
            connection.upload(sources.dir().resolve(file), src + "/" + file, progress, commandTimeout);
        }
        progress.step("Building on the board against " + tree);
        ExecResult make = connection.run(Command.of("make").word("-C").arg(src).arg("KDIR=" + tree), buildTimeout);
        if (!make.succeeded()) {
            String output = (make.stdoutText() + make.stderrText()).strip();
            String[] lines = output.split("\n");
            int from = Math.max(0, lines.length - 20);
            throw new KmodException("board '" + board + "': make in " + src + " failed (exit " + make.exitCode() + "):\n"
                    + String.join("\n", java.util.Arrays.copyOfRange(lines, from, lines.length)));
        }
        progress.step("Fetching the built module");
        byte[] module = connection.readFile(src + "/" + KmodSources.MODULE_FILE, MAX_MODULE_BYTES, commandTimeout);
        try {
            Files.createDirectories(localDir);
            Path local = localDir.resolve(KmodSources.MODULE_FILE);
            Files.write(local, module);
            return local;
        } catch (IOException e) {
            throw new KmodException("cannot write the fetched module to " + localDir + ": " + e.getMessage(), e);
        }
    }
}
