package org.wqlab.usb;

import java.util.List;

/** The ids of the drivers org.wqlab.usb provides, and the word a sequence uses for the board's own driver. */
public final class UsbDriverIds {

    public static final String SIM_PULL = "sim-pull";
    public static final String UHUBCTL = "uhubctl";
    public static final String USBMUXCTL = "usbmuxctl";
    public static final String MANUAL = "manual";
    public static final String SYSFS_REMOVE = "sysfs-remove";
    public static final String SYSFS_AUTHORIZED = "sysfs-authorized";
    /** In a sequence: the board's own driver (the simulated board: its pull; a real board: its profile's, else manual). */
    public static final String BOARD_DEFAULT = "board";

    /** The drivers this bundle provides, in the order lists show them (drivers of other bundles follow). */
    public static final List<String> BUILT_IN = List.of(SIM_PULL, UHUBCTL, USBMUXCTL, MANUAL, SYSFS_REMOVE,
            SYSFS_AUTHORIZED);

    private UsbDriverIds() {
    }
}
