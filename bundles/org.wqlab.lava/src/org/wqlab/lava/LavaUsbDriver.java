package org.wqlab.lava;

import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;

/**
 * The LAVA device's own disconnect: the dispatcher runs the device's user command (usb_disconnect, usb_reconnect)
 * between two test actions of the job, where the lab's hardware (or QMP, for a QEMU device) switches the stick. It
 * only runs inside a LAVA job, which is how a run on a LAVA board takes it.
 */
public final class LavaUsbDriver implements UsbDisconnectDriver {

    public static final String ID = "lava-user-command";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "the LAVA device's user command usb_disconnect / usb_reconnect, run by the dispatcher";
    }

    @Override
    public boolean reproducesStall() {
        return true;
    }

    @Override
    public void disconnect(UsbAction action) throws UsbDriverException {
        throw notHere();
    }

    @Override
    public void reconnect(UsbAction action) throws UsbDriverException {
        throw notHere();
    }

    private static UsbDriverException notHere() {
        return new UsbDriverException("USB driver " + ID + " runs only inside a LAVA job: run the sequence on a LAVA"
                + " board (--board lava:DEVICE_TYPE)");
    }
}
