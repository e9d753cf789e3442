package org.wqlab.usb.internal.drivers;

import java.util.List;

import org.wqlab.target.Command;
import org.wqlab.target.TransportException;
import org.wqlab.usb.FieldProblem;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbStepFields;

/** {@code echo 1 > /sys/bus/usb/devices/DEV/remove}: teardown in the writing process (control run). */
public final class SysfsRemove implements UsbDisconnectDriver {
    @Override
    public String id() {
        return UsbDriverIds.SYSFS_REMOVE;
    }

    @Override
    public String description() {
        return "sysfs remove (control run)";
    }

    @Override
    public boolean reproducesStall() {
        return false;
    }

    @Override
    public boolean reconnectsBySoftware() {
        return false;
    }

    @Override
    public List<FieldProblem> problems(UsbStepFields fields) {
        return fields.usbDeviceName("device").stream().toList();
    }

    @Override
    public void disconnect(UsbAction a) throws TransportException, UsbDriverException {
        UsbDisconnectDriver.check(this, a, Command.of("echo").word("1").op(">")
                .arg("/sys/bus/usb/devices/" + a.device() + "/remove"));
    }

    @Override
    public void reconnect(UsbAction a) throws UsbDriverException {
        throw new UsbDriverException("USB driver sysfs-remove cannot bring the device back: re-plug it or"
                + " power-cycle the port");
    }
}
