package org.wqlab.vboard;

import java.nio.file.Path;
import java.time.Instant;

/**
 * A virtual board that {@link VirtualBoard#start} started: its QEMU process, SSH on 127.0.0.1:sshPort (user root,
 * the private key made by build.sh, the host key fingerprint build.sh recorded), its QMP socket and serial log.
 */
public record RunningBoard(VboardArch arch, long pid, int sshPort, Path qmpSocket, Path serialLog, Path stick,
        Path key, String hostKeyFingerprint, String kernelRelease, int irqCpu, Instant started) {

    public static final String HOST = "127.0.0.1";
    public static final String USER = "root";
}
