package org.wqlab.target;

import java.nio.file.Path;

/**
 * wqlab's per-user configuration folder (system property wqlab.config.dir, else $XDG_CONFIG_HOME/wqlab, else
 * ~/.config/wqlab): wqlab's own known-hosts file and secure storage live there, so whoever records a host key (the
 * built-in simulated board) and the SSH transport that checks it agree on the place.
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
