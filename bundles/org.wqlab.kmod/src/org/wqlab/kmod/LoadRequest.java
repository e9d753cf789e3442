package org.wqlab.kmod;

import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What to deploy and how to load it.
 *
 * @param moduleFile the local .ko (prebuilt, or the result of a {@link LocalBuild})
 * @param pinCpu run insmod under {@code taskset -c N}: the original module arms its work on the loading CPU
 * @param remoteDir the board folder the file is copied to ({@link #DEFAULT_REMOTE_DIR})
 */
public record LoadRequest(Path moduleFile, ModuleParameters parameters, OptionalInt pinCpu, String remoteDir) {

    public static final String DEFAULT_REMOTE_DIR = "/tmp/wqlab";

    public LoadRequest {
        Objects.requireNonNull(moduleFile, "moduleFile");
        parameters = parameters == null ? ModuleParameters.NONE : parameters;
        pinCpu = pinCpu == null ? OptionalInt.empty() : pinCpu;
        remoteDir = remoteDir == null || remoteDir.isBlank() ? DEFAULT_REMOTE_DIR : remoteDir.strip();
        if (!remoteDir.startsWith("/") || remoteDir.contains("\n") || remoteDir.contains("\0")) {
            throw new IllegalArgumentException("remote folder '" + remoteDir + "' must be an absolute path");
        }
        if (pinCpu.isPresent() && pinCpu.getAsInt() < 0) {
            throw new IllegalArgumentException("taskset CPU must be >= 0, was " + pinCpu.getAsInt());
        }
        while (remoteDir.length() > 1 && remoteDir.endsWith("/")) {
            remoteDir = remoteDir.substring(0, remoteDir.length() - 1);
        }
    }

    public static LoadRequest of(Path moduleFile, ModuleParameters parameters) {
        return new LoadRequest(moduleFile, parameters, OptionalInt.empty(), DEFAULT_REMOTE_DIR);
    }

    public LoadRequest pinnedTo(int cpu) {
        return new LoadRequest(moduleFile, parameters, OptionalInt.of(cpu), remoteDir);
    }

    public LoadRequest inFolder(String folder) {
        return new LoadRequest(moduleFile, parameters, pinCpu, folder);
    }

    /** Where the file lands on the board: the folder and the local file name. */
    public String remotePath() {
        return (remoteDir.equals("/") ? "" : remoteDir) + "/" + moduleFile.getFileName();
    }
}
