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

/** The simulated board's physical pull: {@code wqlab-board usb pull|plug DEV}. */
public final class SimulatedPull implements UsbDisconnectDriver {
    @Override
    public String id() {
        return UsbDriverIds.SIM_PULL;
    }

    @Override
    public String description() {
        return "simulated pull of the stick";
    }

    @Override
    public List<String> boardTools() {
        return List.of("wqlab-board");
    }

    @Override
    public boolean reproducesStall() {
        return true;
    }

    @Override
    public List<FieldProblem> problems(UsbStepFields fields) {
        return fields.usbDeviceName("device").stream().toList();
    }

    @Override
    public void disconnect(UsbAction a) throws TransportException, UsbDriverException {
        UsbDisconnectDriver.check(this, a, Command.of("wqlab-board").word("usb").word("pull").arg(a.device()));
    }

    @Override
    public void reconnect(UsbAction a) throws TransportException, UsbDriverException {
        UsbDisconnectDriver.check(this, a, Command.of("wqlab-board").word("usb").word("plug").arg(a.device()));
    }
}
