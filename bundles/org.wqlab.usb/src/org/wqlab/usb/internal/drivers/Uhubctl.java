package org.wqlab.usb.internal.drivers;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.wqlab.target.Command;
import org.wqlab.target.TransportException;
import org.wqlab.usb.FieldProblem;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbStepFields;

/** A hub port powered off with USB control requests: {@code uhubctl -S -l HUB -p PORT -a off|on}. */
public final class Uhubctl implements UsbDisconnectDriver {
    @Override
    public String id() {
        return UsbDriverIds.UHUBCTL;
    }

    @Override
    public String description() {
        return "hub port power off (uhubctl)";
    }

    @Override
    public List<String> boardTools() {
        return List.of("uhubctl");
    }

    @Override
    public String whyNotDisconnected() {
        return "the hub did not cut its power (many hubs that claim per-port switching do not)";
    }

    @Override
    public boolean reproducesStall() {
        return true;
    }

    @Override
    public List<FieldProblem> problems(UsbStepFields fields) {
        return Stream.of(fields.required("hub", "the uhubctl driver needs the hub's location (uhubctl -l, e.g. 1-1)"),
                fields.required("port", "the uhubctl driver needs the hub's port the stick is on (uhubctl -p)"))
                .flatMap(Optional::stream).toList();
    }

    private Command command(UsbAction a, String action) throws UsbDriverException {
        if (a.hub().isEmpty() || a.port().isEmpty()) {
            throw new UsbDriverException("USB driver uhubctl needs the fields 'hub' and 'port'");
        }
        return Command.of("uhubctl").word("-S").word("-l").arg(a.hub()).word("-p").arg(a.port()).word("-a")
                .word(action);
    }

    @Override
    public void disconnect(UsbAction a) throws TransportException, UsbDriverException {
        UsbDisconnectDriver.check(this, a, command(a, "off"));
    }

    @Override
    public void reconnect(UsbAction a) throws TransportException, UsbDriverException {
        UsbDisconnectDriver.check(this, a, command(a, "on"));
    }
}
