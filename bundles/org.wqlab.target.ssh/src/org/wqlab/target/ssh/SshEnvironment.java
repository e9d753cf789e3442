package org.wqlab.target.ssh;

import java.nio.file.Path;
import java.util.List;

import org.wqlab.target.WqlabConfigDir;

/**
 * Where the SSH client looks for the user's files. {@link #defaults()} is the real user's; tests pass their own.
 *
 * @param sshConfig ~/.ssh/config (may be absent)
 * @param userKnownHosts read-only known-hosts files (~/.ssh/known_hosts)
 * @param wqlabKnownHosts wqlab's own known-hosts file, where accepted keys are recorded
 * @param defaultIdentities keys tried when neither the profile nor ~/.ssh/config names one
 * @param agentSocket the SSH agent's socket, or null
 */
public record SshEnvironment(Path sshConfig, List<Path> userKnownHosts, Path wqlabKnownHosts,
        List<Path> defaultIdentities, Path agentSocket) {

    public SshEnvironment {
        userKnownHosts = List.copyOf(userKnownHosts);
        defaultIdentities = List.copyOf(defaultIdentities);
    }

    public static SshEnvironment defaults() {
        Path ssh = Path.of(System.getProperty("user.home"), ".ssh");
        String agent = System.getenv("SSH_AUTH_SOCK");
        return new SshEnvironment(ssh.resolve("config"), List.of(ssh.resolve("known_hosts")),
                configDir().resolve("known_hosts"),
                List.of(ssh.resolve("id_ed25519"), ssh.resolve("id_ecdsa"), ssh.resolve("id_rsa")),
                agent == null || agent.isBlank() ? null : Path.of(agent));
    }

    /** wqlab's per-user configuration folder, see {@link WqlabConfigDir}. */
    public static Path configDir() {
        return WqlabConfigDir.get();
    }
}
