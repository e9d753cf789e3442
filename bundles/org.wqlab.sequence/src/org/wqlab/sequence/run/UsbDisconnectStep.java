package org.wqlab.sequence.run;

import java.util.regex.Pattern;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;

/**
 * {@code usb-disconnect}: records the page cache's size (run.json and the board's log), then takes the stick away;
 * a driver that can give it back by software is remembered for the cleanup.
 */
final class UsbDisconnectStep implements StepExecutor {

    private static final Pattern CACHED = Pattern.compile("(?m)^Cached:\\s+(\\d+) kB");

    @Override
    public String execute(Run run, ResolvedStep step, String label) throws StepFailed, TransportException,
            InterruptedException {
        UsbDisconnectDriver d = UsbStepDriver.of(run, step);
        ExecResult meminfo = run.connection.run(Command.of("cat").arg("/proc/meminfo"), Run.SHORT);
        var m = CACHED.matcher(meminfo.stdoutText());
        long cached = m.find() ? Long.parseLong(m.group(1)) : -1;
        run.cachedKb.add(cached);
        run.kernelLog.write(KmsgLine.of("cached " + cached + " kB before disconnect"));
        UsbAction action = UsbStepDriver.action(run, step);
        try {
            d.disconnect(action);
        } catch (UsbDriverException e) {
            throw new StepFailed(label + ": " + e.getMessage());
        }
        if (d.reconnectsBySoftware()) {
            run.unpluggedBy = d;
            run.unpluggedAction = action;
        }
        return "disconnected " + action.device() + " with " + d.id() + "; Cached " + cached + " kB before"
                + (d.reproducesStall() ? "" : "; " + UsbDisconnectDriver.CONTROL_RUN);
    }
}
