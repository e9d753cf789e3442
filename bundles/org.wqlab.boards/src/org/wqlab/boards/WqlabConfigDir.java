package org.wqlab.boards;

import java.nio.file.Path;

/**
 * wqlab's per-user configuration folder, resolved exactly as org.wqlab.target.ssh's SshEnvironment does (system
 * property wqlab.config.dir, else $XDG_CONFIG_HOME/wqlab, else ~/.config/wqlab), so the built-in simulator's host
 * key lands in the known-hosts file the SSH transport reads. Nothing here depends on the SSH bundle itself.
 */
public final class WqlabConfigDir {
    private WqlabConfigDir() {
    }

    public static Path get() {
        String override = System.getProperty("wqlab.config.dir");
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("wqlab");
    }

    public static Path knownHosts() {
        return get().resolve("known_hosts");
    }
}
