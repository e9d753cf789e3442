package org.wqlab.sequence.preflight;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.StepType;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;

/** The commands the USB disconnect drivers of the sequence's steps run on the board, as each driver declares them. */
final class UsbToolNeed implements PreflightCheck {

    @Override
    public List<PreflightItem> check(PreflightContext c) throws TransportException {
        Map<String, String> toolDriver = new LinkedHashMap<>();
        List<ResolvedStep> steps = new ArrayList<>(c.steps(StepType.USB_DISCONNECT));
        steps.addAll(c.steps(StepType.USB_RECONNECT));
        for (ResolvedStep r : steps) {
            String id = r.text("driver", UsbDriverIds.BOARD_DEFAULT);
            if (id.equals(UsbDriverIds.BOARD_DEFAULT)) {
                id = c.boardUsbDriver() == null ? UsbDriverIds.MANUAL : c.boardUsbDriver();
            }
            Optional<UsbDisconnectDriver> driver = UsbDrivers.installed().byId(id);
            if (driver.isPresent()) {
                for (String tool : driver.get().boardTools()) {
                    toolDriver.putIfAbsent(tool, id);
                }
            }
        }
        List<PreflightItem> items = new ArrayList<>();
        for (var e : toolDriver.entrySet()) {
            String tool = e.getKey();
            String what = tool + " on the board (USB driver " + e.getValue() + ")";
            ExecResult where = c.run(Command.of("command").word("-v").arg(tool));
            items.add(where.succeeded() && !where.stdoutText().isBlank()
                    ? PreflightItem.present("usb.tool." + tool, what, where.stdoutText())
                    : PreflightItem.missing("usb.tool." + tool, what, "command -v " + tool + " found nothing",
                            "the stick cannot be disconnected: install " + tool + " on the board", true));
        }
        return items;
    }
}
