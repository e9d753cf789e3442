package org.wqlab.lava;

import java.io.IOException;

/** A LAVA server that cannot be reached, refuses the token or a request, or answers what wqlab cannot read. */
public class LavaException extends IOException {
    private static final long serialVersionUID = 1L;

    public LavaException(String message) {
        super(message);
    }

    public LavaException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The server refused the API token (HTTP 401 or 403). */
    public static final class TokenRefused extends LavaException {
        private static final long serialVersionUID = 1L;

        public TokenRefused(String message) {
            super(message);
        }
    }

    /** What was asked for does not exist there (a job, a device, a device type). */
    public static final class NotFound extends LavaException {
        private static final long serialVersionUID = 1L;

        public NotFound(String message) {
            super(message);
        }
    }

    /** The server refused a job it was given (its own message says why: a device type it lacks, a schema error). */
    public static final class JobRefused extends LavaException {
        private static final long serialVersionUID = 1L;

        public JobRefused(String message) {
            super(message);
        }
    }
}
