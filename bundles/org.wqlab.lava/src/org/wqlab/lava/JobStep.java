package org.wqlab.lava;

/**
 * One step of a sequence as a LAVA job runs it, numbered as the runner numbers steps (a repeat, then its body once
 * per pass): a shell line of a test action, or the dispatcher's {@code command} action (a device user command).
 *
 * @param name        the step's own name (empty when it has none)
 * @param shell       the step's shell command on the device (empty for a command action or a step with nothing to do
 *                    there, such as connect)
 * @param userCommand the device user command the dispatcher runs (usb_disconnect), or empty
 * @param seconds     the longest the step may take on the device (its timeout, its sleep)
 */
public record JobStep(int number, String label, String type, String name, String shell, String userCommand,
        double seconds) {

    /** The step's line in the kernel log, as the runner writes it on an SSH board (without wqlab's prefix). */
    public String kernelLine() {
        return "step " + number + " " + type + (name.isEmpty() ? "" : " " + name);
    }

    public boolean dispatcherCommand() {
        return !userCommand.isEmpty();
    }
}
