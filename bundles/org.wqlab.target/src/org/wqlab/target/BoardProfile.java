package org.wqlab.target;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How to reach one board. Holds no secrets. {@code host} may be a ~/.ssh/config alias; port 0 and an empty user mean
 * "from ~/.ssh/config, else 22 / the local user name".
 *
 * @param keyFile private key file, or null for the ones named by ~/.ssh/config
 * @param jumpHost {@code [user@]host[:port]} or a config alias of a jump host, or null (then ~/.ssh/config ProxyJump)
 */
public record BoardProfile(String name, String host, int port, String user, AuthMethod auth, Path keyFile,
        String jumpHost, HostKeyPolicy hostKeyPolicy, Duration connectTimeout, Duration keepAliveInterval) {

    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(15);
    public static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(10);

    public BoardProfile {
        requireText(name, "name");
        requireText(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("board '" + name + "': field port must be 0..65535, was " + port);
        }
        user = user == null ? "" : user;
        Objects.requireNonNull(auth, "auth");
        Objects.requireNonNull(hostKeyPolicy, "hostKeyPolicy");
        connectTimeout = connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : connectTimeout;
        keepAliveInterval = keepAliveInterval == null ? DEFAULT_KEEP_ALIVE : keepAliveInterval;
        if (connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new IllegalArgumentException("board '" + name + "': field connectTimeout must be positive");
        }
        if (jumpHost != null && jumpHost.isBlank()) {
            jumpHost = null;
        }
    }

    /** A profile with defaults: key/agent/password as available, unknown host keys refused. */
    public static BoardProfile of(String name, String host, int port, String user) {
        return new BoardProfile(name, host, port, user, AuthMethod.AUTO, null, null, HostKeyPolicy.REFUSE_UNKNOWN,
                null, null);
    }

    public BoardProfile withAuth(AuthMethod newAuth, Path newKeyFile) {
        return new BoardProfile(name, host, port, user, newAuth, newKeyFile, jumpHost, hostKeyPolicy, connectTimeout,
                keepAliveInterval);
    }

    public BoardProfile withHostKeyPolicy(HostKeyPolicy policy) {
        return new BoardProfile(name, host, port, user, auth, keyFile, jumpHost, policy, connectTimeout,
                keepAliveInterval);
    }

    public BoardProfile withJumpHost(String jump) {
        return new BoardProfile(name, host, port, user, auth, keyFile, jump, hostKeyPolicy, connectTimeout,
                keepAliveInterval);
    }

    public BoardProfile withTimeouts(Duration connect, Duration keepAlive) {
        return new BoardProfile(name, host, port, user, auth, keyFile, jumpHost, hostKeyPolicy, connect, keepAlive);
    }

    private static void requireText(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("board profile: field " + field + " must not be empty");
        }
    }
}
