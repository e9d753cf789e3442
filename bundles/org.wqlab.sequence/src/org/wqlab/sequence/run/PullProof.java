package org.wqlab.sequence.run;

import java.time.Duration;
import java.util.regex.Pattern;

import org.wqlab.analysis.PageCacheProbe;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbDisconnectDriver;

/**
 * That a pull happened: the kernel logs {@code usb DEV: USB disconnect} at the start of the teardown (the device's
 * sysfs entry only goes at its end, after the cache invalidation, so the proof does not wait on sysfs); that the
 * entry is gone by the end of the stall; and after a reconnect, that the device was enumerated again.
 */
final class PullProof {

    /** Board seconds the disconnect line may take to come after the driver's disconnect returned. */
    static final double DISCONNECT_LINE_SECONDS = 5;
    /** Board seconds after the stall's end the device's sysfs entry may take to go. */
    static final double SYSFS_SECONDS = 5;

    private static final String GONE_SCRIPT = "i=0; while test -e \"$1\"; do i=$((i + 1)); "
            + "if [ \"$i\" -gt \"$2\" ]; then exit 1; fi; sleep 0.1; done";

    private PullProof() {
    }

    static Pattern disconnectLine(String device) {
        return Pattern.compile("usb " + Pattern.quote(device) + ": USB disconnect");
    }

    static Pattern enumeratedLine(String device) {
        return Pattern.compile("usb " + Pattern.quote(device) + ": new .*USB device number");
    }

    /**
     * Waits for the disconnect line logged since the step began.
     *
     * @throws StepFailed "2-1 did not disconnect: WHY" (the driver says why it may not have)
     */
    static void disconnected(Run run, String device, UsbDisconnectDriver driver, String label) throws StepFailed,
            RunCancelled, TransportException, InterruptedException {
        if (!logged(run, disconnectLine(device), DISCONNECT_LINE_SECONDS)) {
            throw new StepFailed(label + ": " + device + " did not disconnect: " + driver.whyNotDisconnected());
        }
    }

    /** Whether the device was enumerated again (its "new ... USB device" line) since the step began. */
    static boolean enumerated(Run run, String device, double boardSeconds) throws RunCancelled, TransportException,
            InterruptedException {
        return logged(run, enumeratedLine(device), boardSeconds);
    }

    private static boolean logged(Run run, Pattern line, double boardSeconds) throws RunCancelled,
            TransportException, InterruptedException {
        int from = run.messagesBeforeStep;
        int at = run.recorder.await(line, from, run.deadline(boardSeconds), run.monitor::isCanceled);
        run.check();
        if (at == -1) {
            at = WaitLogStep.afterTheLogCaughtUp(run, line, from);
            run.check();
        }
        return at >= 0;
    }

    private static final String BACK_SCRIPT = "i=0; until test -e \"$1\"; do i=$((i + 1)); "
            + "if [ \"$i\" -gt \"$2\" ]; then exit 1; fi; sleep 0.1; done";

    /**
     * After a reconnect: the sequence's declared file there again (its filesystem mounted again), waiting up to the
     * enumeration's timeout in board time. @return "; FILE there again", or "" when the sequence declares none
     * @throws StepFailed when it is not back
     */
    static String fileBack(Run run) throws StepFailed, TransportException {
        String declared = run.sequence.needs().get(org.wqlab.sequence.Sequence.NEEDS_FILE);
        if (declared == null) {
            return "";
        }
        String file = run.variables.substitute(declared);
        long seconds = UsbReconnectStep.ENUMERATE_TIMEOUT.toSeconds();
        ExecResult back = run.connection.run(Command.shellScript(BACK_SCRIPT, file, Long.toString(seconds * 10)),
                Duration.ofSeconds(seconds).plus(Run.SHORT));
        if (!back.succeeded()) {
            throw new StepFailed(file + " is not there again " + seconds + " s after the reconnect: the stick's "
                    + "filesystem was not mounted again");
        }
        return "; " + file + " there again";
    }

    /**
     * At the end of the stall after a pull: whether the device's sysfs entry is gone (waiting up to
     * {@link #SYSFS_SECONDS} of board time), and the page cache then, as facts. @return the sentence for the step
     */
    static String afterStall(Run run) throws TransportException {
        String device = run.awaitingSysfsGone;
        run.awaitingSysfsGone = null;
        run.facts.putAll(PageCacheProbe.facts(run.pulls, PageCacheProbe.AFTER,
                PageCacheProbe.read(run.connection, Run.SHORT)));
        String entry = "/sys/bus/usb/devices/" + device;
        long polls = (long) (SYSFS_SECONDS * 10);
        ExecResult gone = run.connection.run(Command.shellScript(GONE_SCRIPT, entry, Long.toString(polls)),
                Duration.ofSeconds((long) SYSFS_SECONDS).plus(Run.SHORT));
        return gone.succeeded() ? device + " gone from sysfs"
                : device + " still in sysfs (" + entry + ") " + (long) SYSFS_SECONDS + " s after the stall ended";
    }
}
