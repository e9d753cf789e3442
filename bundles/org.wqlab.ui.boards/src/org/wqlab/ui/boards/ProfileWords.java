package org.wqlab.ui.boards;

import org.wqlab.target.AuthMethod;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDrivers;

/** A board profile's settings in words, as the Properties view and the board dialog show them (not enum names). */
final class ProfileWords {

    private ProfileWords() {
    }

    static String of(AuthMethod auth) {
        return switch (auth) {
            case AUTO -> "automatic (agent, key files, then password)";
            case PUBLIC_KEY -> "key file";
            case AGENT -> "SSH agent";
            case PASSWORD -> "password";
            case KEYBOARD_INTERACTIVE -> "keyboard-interactive";
        };
    }

    static String of(HostKeyPolicy policy) {
        return switch (policy) {
            case ASK -> "ask (show the fingerprint)";
            case REFUSE_UNKNOWN -> "refuse";
            case ACCEPT_NEW -> "accept and remember";
        };
    }

    /** A USB disconnect driver's id in words, as the driver describes itself; a driver not installed keeps its id. */
    static String usbDriver(String id) {
        return UsbDrivers.installed().byId(id).map(UsbDisconnectDriver::description).orElse(id);
    }
}
