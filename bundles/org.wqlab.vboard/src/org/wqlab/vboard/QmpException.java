package org.wqlab.vboard;

import java.io.IOException;

/** QEMU refused a QMP command, or its socket could not be used; the message names the command and QEMU's answer. */
public final class QmpException extends IOException {
    private static final long serialVersionUID = 1L;

    public QmpException(String message) {
        super(message);
    }

    public QmpException(String message, Throwable cause) {
        super(message, cause);
    }
}
