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

/** {@code echo 0|1 > /sys/bus/usb/devices/DEV/authorized}: teardown in the writing process (control run). */
public final class SysfsAuthorized implements UsbDisconnectDriver {
    @Override
    public String id() {
        return UsbDriverIds.SYSFS_AUTHORIZED;
    }

    @Override
    public String description() {
        return "sysfs authorized=0 (control run)";
    }

    @Override
    public boolean reproducesStall() {
        return false;
    }

    @Override
    public List<FieldProblem> problems(UsbStepFields fields) {
        return fields.usbDeviceName("device").stream().toList();
    }

    private Command write(UsbAction a, String value) {
        return Command.of("echo").word(value).op(">").arg("/sys/bus/usb/devices/" + a.device() + "/authorized");
    }

    @Override
    public void disconnect(UsbAction a) throws TransportException, UsbDriverException {
        UsbDisconnectDriver.check(this, a, write(a, "0"));
    }

    @Override
    public void reconnect(UsbAction a) throws TransportException, UsbDriverException {
        UsbDisconnectDriver.check(this, a, write(a, "1"));
    }
}
