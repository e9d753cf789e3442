package org.wqlab.ui.boards;

import org.wqlab.boards.BoardKind;
import org.wqlab.sequence.usb.UsbDrivers;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.HostKeyPolicy;

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

    static String of(BoardKind kind) {
        return switch (kind) {
            case SSH -> "board over SSH";
            case BUILT_IN_SIMULATOR -> "built-in simulated board";
            case VIRTUAL_BOARD -> "QEMU virtual board";
        };
    }

    /** A USB disconnect driver's id in words; a driver this table does not know keeps its id. */
    static String usbDriver(String id) {
        return switch (id) {
            case UsbDrivers.SIM_PULL -> "simulated pull of the stick";
            case UsbDrivers.UHUBCTL -> "hub port power off (uhubctl)";
            case UsbDrivers.USBMUXCTL -> "USB-Mux (usbmuxctl)";
            case UsbDrivers.MANUAL -> "by hand (you pull the stick)";
            case UsbDrivers.SYSFS_REMOVE -> "sysfs remove (control run)";
            case UsbDrivers.SYSFS_AUTHORIZED -> "sysfs authorized=0 (control run)";
            case "qemu-device-del" -> "QEMU device_del of the emulated stick";
            default -> id;
        };
    }
}
