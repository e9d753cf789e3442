package org.wqlab.usb;

/** A disconnect or reconnect that did not happen; the message names the driver and what the board said. */
public final class UsbDriverException extends Exception {
    private static final long serialVersionUID = 1L;

    public UsbDriverException(String message) {
        super(message);
    }
}
