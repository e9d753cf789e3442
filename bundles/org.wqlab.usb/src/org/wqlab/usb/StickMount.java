package org.wqlab.usb;

import java.time.Duration;
import java.util.Optional;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * After a reconnect, whichever driver gave the stick back: waits (in board time, polling every 0.1 s) until the
 * stick's block device is there again, then mounts it afresh (a stale mount of the pulled device is detached first).
 * A reconnect step's {@code mount} field, {@code "BLOCK-DEVICE MOUNT-POINT"} ({@code /dev/sda1 /run/media/sda1}),
 * names them. Both values reach the board's shell quoted, as positional parameters of a fixed script.
 */
public record StickMount(String blockDevice, String mountPoint) {

    /** The step field that names the block device and mount point. */
    public static final String FIELD = "mount";

    private static final String SCRIPT = "i=0; until test -e \"$1\"; do i=$((i + 1)); "
            + "if [ \"$i\" -gt \"$3\" ]; then echo \"$1 not back after $3 polls\"; exit 1; fi; sleep 0.1; done; "
            + "umount -l \"$2\" 2>/dev/null; mkdir -p \"$2\"; mount \"$1\" \"$2\"";

    /** The {@code mount} field's value, or a problem naming what is wrong with it. */
    public static Optional<FieldProblem> problem(UsbStepFields fields) {
        return fields.get(FIELD).filter(v -> parse(v).isEmpty()).map(v -> new FieldProblem(FIELD,
                "'" + v + "' is not 'BLOCK-DEVICE MOUNT-POINT' (two absolute paths, e.g. /dev/sda1 /run/media/sda1)"));
    }

    /** {@code "/dev/sda1 /run/media/sda1"}; empty when the value is not two absolute paths. */
    public static Optional<StickMount> parse(String value) {
        String[] words = value.strip().split("\\s+");
        if (words.length != 2 || !words[0].startsWith("/") || !words[1].startsWith("/")) {
            return Optional.empty();
        }
        return Optional.of(new StickMount(words[0], words[1]));
    }

    /**
     * Waits up to {@code within} (board time) for the block device and mounts it.
     *
     * @return what was done, for the step's record
     * @throws UsbDriverException when the device did not come back or the mount failed
     */
    public String await(BoardConnection connection, Duration within) throws TransportException,
            UsbDriverException {
        long polls = Math.max(1, within.toMillis() / 100);
        ExecResult r = connection.run(Command.shellScript(SCRIPT, blockDevice, mountPoint, Long.toString(polls)),
                within.plusSeconds(30));
        if (!r.succeeded()) {
            throw new UsbDriverException("stick " + blockDevice + " not mounted on " + mountPoint + ": "
                    + (r.stdoutText() + r.stderrText()).strip() + " (exit " + r.exitCode() + ")");
        }
        return "mounted " + blockDevice + " on " + mountPoint;
    }
}
