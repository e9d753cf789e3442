package org.wqlab.target.ssh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.jcraft.jsch.ConfigRepository;
import com.jcraft.jsch.OpenSSHConfig;

/**
 * Where to connect after applying ~/.ssh/config: the profile's explicit values win, then the config's (HostName,
 * User, Port, IdentityFile, ProxyJump), then OpenSSH's defaults.
 */
record SshTarget(String hostName, int port, String user, List<Path> identityFiles, String proxyJump) {

    /** The name under which the host key is recorded: {@code host}, or {@code [host]:port} off port 22. */
    String hostKeyName() {
        return port == 22 ? hostName : "[" + hostName + "]:" + port;
    }

    String hostPort() {
        return hostName + ":" + port;
    }

    static SshTarget resolve(Path sshConfig, String host, int port, String user, Path keyFile, String jumpHost)
            throws IOException {
        ConfigRepository.Config config = null;
        if (sshConfig != null && Files.isRegularFile(sshConfig)) {
            config = OpenSSHConfig.parseFile(sshConfig.toString()).getConfig(host);
        }
        String hostName = host;
        int resolvedPort = port > 0 ? port : 22;
        String resolvedUser = user == null || user.isEmpty() ? System.getProperty("user.name") : user;
        List<Path> identities = new ArrayList<>();
        if (keyFile != null) {
            identities.add(keyFile);
        }
        String jump = jumpHost;
        if (config != null) {
            if (config.getHostname() != null && !config.getHostname().isBlank()) {
                hostName = config.getHostname();
            }
            if (port <= 0 && config.getPort() > 0) {
                resolvedPort = config.getPort();
            }
            if ((user == null || user.isEmpty()) && config.getUser() != null) {
                resolvedUser = config.getUser();
            }
            String[] files = config.getValues("IdentityFile");
            if (files != null) {
                for (String file : files) {
                    identities.add(expandHome(file));
                }
            }
            if (jump == null) {
                jump = config.getValue("ProxyJump");
            }
        }
        if (jump != null && (jump.isBlank() || jump.equalsIgnoreCase("none"))) {
            jump = null;
        }
        return new SshTarget(hostName, resolvedPort, resolvedUser, List.copyOf(identities), jump);
    }

    /** Splits {@code [user@]host[:port]} (the first hop of a ProxyJump list). */
    static String[] parseJump(String spec) {
        String first = spec.split(",")[0].strip();
        String user = "";
        int at = first.lastIndexOf('@');
        if (at >= 0) {
            user = first.substring(0, at);
            first = first.substring(at + 1);
        }
        String port = "0";
        if (first.startsWith("[")) {
            int end = first.indexOf(']');
            if (end > 0 && first.length() > end + 2 && first.charAt(end + 1) == ':') {
                port = first.substring(end + 2);
            }
            first = first.substring(1, end > 0 ? end : first.length());
        } else if (first.indexOf(':') > 0 && first.indexOf(':') == first.lastIndexOf(':')) {
            port = first.substring(first.indexOf(':') + 1);
            first = first.substring(0, first.indexOf(':'));
        }
        String rest = spec.contains(",") ? spec.substring(spec.indexOf(',') + 1) : null;
        return new String[] {user, first, port, rest};
    }

    private static Path expandHome(String file) {
        if (file.startsWith("~/")) {
            return Path.of(System.getProperty("user.home"), file.substring(2));
        }
        return Path.of(file);
    }
}
