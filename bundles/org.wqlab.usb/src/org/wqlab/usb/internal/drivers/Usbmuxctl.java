package org.wqlab.usb.internal.drivers;

import java.util.List;

import org.wqlab.target.Command;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;
import org.wqlab.usb.UsbDriverIds;

/** A USB mux: {@code usbmuxctl disconnect | device-host}. */
public final class Usbmuxctl implements UsbDisconnectDriver {
    @Override
    public String id() {
        return UsbDriverIds.USBMUXCTL;
    }

    @Override
    public String description() {
        return "USB-Mux (usbmuxctl)";
    }

    @Override
    public List<String> boardTools() {
        return List.of("usbmuxctl");
    }

    @Override
    public String whyNotDisconnected() {
        return "the USB mux did not cut the stick off (is it wired between the board and the stick?)";
    }

    @Override
    public boolean reproducesStall() {
        return true;
    }

    @Override
    public void disconnect(UsbAction a) throws TransportException, UsbDriverException {
        UsbDisconnectDriver.check(this, a, Command.of("usbmuxctl").word("disconnect"));
    }

    @Override
    public void reconnect(UsbAction a) throws TransportException, UsbDriverException {
        UsbDisconnectDriver.check(this, a, Command.of("usbmuxctl").word("device-host"));
    }
}
