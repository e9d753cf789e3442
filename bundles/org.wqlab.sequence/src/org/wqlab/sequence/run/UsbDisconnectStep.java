package org.wqlab.sequence.run;

import java.util.Map;

import org.wqlab.analysis.PageCacheProbe;
import org.wqlab.sequence.ResolvedStep;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;

/**
 * {@code usb-disconnect}: records the page cache (Cached into run.json and the board's log; Cached, Dirty, Writeback,
 * nr_file_pages, nr_dirty, nr_writeback as the experiment's facts), takes the stick away, then proves it left: the
 * kernel's {@code usb DEV: USB disconnect} within a few board seconds ({@link PullProof}), else the step fails saying
 * why the driver may not have disconnected it. A driver that can give it back by software is remembered for the
 * cleanup before the proof, so a failed proof still gives it back.
 */
final class UsbDisconnectStep implements StepExecutor {

    @Override
    public String execute(Run run, ResolvedStep step, String label) throws StepFailed, RunCancelled,
            TransportException, InterruptedException {
        UsbDisconnectDriver d = UsbStepDriver.of(run, step);
        Map<String, Long> before = PageCacheProbe.read(run.connection, Run.SHORT);
        long cached = before.getOrDefault("Cached", -1L);
        run.cachedKb.add(cached);
        run.pulls++;
        run.facts.putAll(PageCacheProbe.facts(run.pulls, PageCacheProbe.BEFORE, before));
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
        PullProof.disconnected(run, action.device(), d, label);
        run.awaitingSysfsGone = action.device();
        return "disconnected " + action.device() + " with " + d.id() + " (the kernel logged its USB disconnect); Cached "
                + cached + " kB, Dirty " + before.getOrDefault("Dirty", -1L) + " kB, Writeback "
                + before.getOrDefault("Writeback", -1L) + " kB before"
                + (d.reproducesStall() ? "" : "; " + UsbDisconnectDriver.CONTROL_RUN);
    }
}
