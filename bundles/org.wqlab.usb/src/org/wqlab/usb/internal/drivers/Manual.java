package org.wqlab.usb.internal.drivers;

import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;
import org.wqlab.usb.UsbDriverIds;

/** A person pulls the stick when told to. */
public final class Manual implements UsbDisconnectDriver {
    @Override
    public String id() {
        return UsbDriverIds.MANUAL;
    }

    @Override
    public String description() {
        return "by hand (you pull the stick)";
    }

    @Override
    public boolean reproducesStall() {
        return true;
    }

    @Override
    public boolean reconnectsBySoftware() {
        return false;
    }

    @Override
    public String whyNotDisconnected() {
        return "the stick was not pulled (or not the one on that port)";
    }

    private void ask(UsbAction a, String fallback) throws UsbDriverException, InterruptedException {
        String message = a.message().isEmpty() ? fallback : a.message();
        if (a.prompt() == null || !a.prompt().ask(message, a.countdown())) {
            throw new UsbDriverException("USB driver manual: not confirmed: " + message);
        }
    }

    @Override
    public void disconnect(UsbAction a) throws UsbDriverException, InterruptedException {
        ask(a, "Pull the USB stick " + a.device() + " now");
    }

    @Override
    public void reconnect(UsbAction a) throws UsbDriverException, InterruptedException {
        ask(a, "Plug the USB stick " + a.device() + " back in");
    }
}
