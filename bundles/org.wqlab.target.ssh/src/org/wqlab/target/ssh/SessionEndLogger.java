package org.wqlab.target.ssh;

import java.util.Optional;

import com.jcraft.jsch.Logger;

/**
 * A session's JSch logger that keeps only why the session's main loop ended (the socket reset, a corrupt packet, the
 * server's disconnect), so that a dropped connection can say its cause. JSch logs it once, at INFO, as it leaves.
 */
final class SessionEndLogger implements Logger {
    private static final String LEAVING = "Caught an exception, leaving main loop due to ";

    private volatile String reason;

    @Override
    public boolean isEnabled(int level) {
        return level >= INFO;
    }

    @Override
    public void log(int level, String message) {
        log(level, message, null);
    }

    @Override
    public void log(int level, String message, Throwable cause) {
        if (message != null && message.startsWith(LEAVING)) {
            String text = message.substring(LEAVING.length());
            reason = cause != null && (text.isBlank() || text.equals("null")) ? cause.toString() : text;
        }
    }

    /** Why the session ended, when JSch said it. */
    Optional<String> reason() {
        return Optional.ofNullable(reason);
    }
}
