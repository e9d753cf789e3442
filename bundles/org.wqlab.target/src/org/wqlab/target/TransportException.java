package org.wqlab.target;

/**
 * Every transport failure names the board. The subclass says what went wrong, so callers can react (ask for a
 * password again, tell the user which known_hosts line to fix, reconnect after a drop).
 */
public sealed class TransportException extends Exception permits TransportException.Refused,
        TransportException.Unreachable, TransportException.AuthFailed, TransportException.HostKeyUnknown,
        TransportException.HostKeyChanged, TransportException.HostKeyRevoked,
        TransportException.HostCertificatesUnsupported, TransportException.TimedOut, TransportException.Dropped,
        TransportException.RemoteIo {

    private static final long serialVersionUID = 1L;
    private final String boardName;

    TransportException(String boardName, String message, Throwable cause) {
        super("board '" + boardName + "': " + message, cause);
        this.boardName = boardName;
    }

    public String boardName() {
        return boardName;
    }

    /** Nothing listens on the SSH port. */
    public static final class Refused extends TransportException {
        private static final long serialVersionUID = 1L;

        public Refused(String board, String hostPort, Throwable cause) {
            super(board, "connection refused by " + hostPort + " (is sshd running, is the port right?)", cause);
        }
    }

    /** No route, unknown host name, or the connect did not complete in time. */
    public static final class Unreachable extends TransportException {
        private static final long serialVersionUID = 1L;

        public Unreachable(String board, String hostPort, String why, Throwable cause) {
            super(board, hostPort + " is unreachable: " + why, cause);
        }
    }

    public static final class AuthFailed extends TransportException {
        private static final long serialVersionUID = 1L;

        public AuthFailed(String board, String user, String why, Throwable cause) {
            super(board, "authentication failed for user '" + user + "': " + why, cause);
        }
    }

    public static final class HostKeyUnknown extends TransportException {
        private static final long serialVersionUID = 1L;
        private final String fingerprint;

        public HostKeyUnknown(String board, String hostPort, String keyType, String fingerprint) {
            super(board, "host key of " + hostPort + " is not known (" + keyType + " " + fingerprint
                    + "); refused. Verify the fingerprint on the board, then connect with --accept-new-host-key"
                    + " or accept it in the Boards view", null);
            this.fingerprint = fingerprint;
        }

        public String fingerprint() {
            return fingerprint;
        }
    }

    public static final class HostKeyChanged extends TransportException {
        private static final long serialVersionUID = 1L;
        private final String file;
        private final int line;

        public HostKeyChanged(String board, String hostPort, String keyType, String fingerprint, String file,
                int line) {
            super(board, "HOST KEY CHANGED for " + hostPort + ": it now presents " + keyType + " " + fingerprint
                    + ", which differs from the key recorded in " + file + " line " + line
                    + ". Someone may be intercepting the connection; if the board was reinstalled, remove line " + line
                    + " of " + file, null);
            this.file = file;
            this.line = line;
        }

        public String file() {
            return file;
        }

        public int line() {
            return line;
        }
    }

    /** The key is listed on a {@code @revoked} line: refused whatever the policy, as OpenSSH refuses it. */
    public static final class HostKeyRevoked extends TransportException {
        private static final long serialVersionUID = 1L;
        private final String file;
        private final int line;

        public HostKeyRevoked(String board, String hostPort, String keyType, String fingerprint, String file,
                int line) {
            super(board, "REVOKED HOST KEY DETECTED for " + hostPort + ": " + keyType + " " + fingerprint
                    + " is marked @revoked in " + file + " line " + line + "; refused", null);
            this.file = file;
            this.line = line;
        }

        public String file() {
            return file;
        }

        public int line() {
            return line;
        }
    }

    /**
     * A {@code @cert-authority} line names the host: its key is meant to be vouched for by a certificate, which
     * wqlab cannot verify, so the key is neither trusted nor offered as a new one.
     */
    public static final class HostCertificatesUnsupported extends TransportException {
        private static final long serialVersionUID = 1L;
        private final String file;
        private final int line;

        public HostCertificatesUnsupported(String board, String hostPort, String file, int line) {
            super(board, "host certificates are not supported: " + file + " line " + line
                    + " is a @cert-authority line for " + hostPort
                    + ", and wqlab cannot verify a host certificate; refused. Record the board's plain host key"
                    + " in a known_hosts file to connect", null);
            this.file = file;
            this.line = line;
        }

        public String file() {
            return file;
        }

        public int line() {
            return line;
        }
    }

    public static final class TimedOut extends TransportException {
        private static final long serialVersionUID = 1L;

        public TimedOut(String board, String what, Throwable cause) {
            super(board, "timed out: " + what, cause);
        }
    }

    /** The connection broke while in use (board rebooted, cable pulled, sshd killed). */
    public static final class Dropped extends TransportException {
        private static final long serialVersionUID = 1L;

        public Dropped(String board, String what, Throwable cause) {
            super(board, "connection dropped " + what, cause);
        }
    }

    /** A remote operation failed while the connection stayed up (no such file, disk full). */
    public static final class RemoteIo extends TransportException {
        private static final long serialVersionUID = 1L;

        public RemoteIo(String board, String what, Throwable cause) {
            super(board, what, cause);
        }
    }
}
