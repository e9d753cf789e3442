package org.wqlab.sequence.preflight;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.sequence.Sequence;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * What the sequence declares it needs ({@code "needs"}): its USB device enumerated, and its file there on a mounted
 * filesystem other than the root one (the pull would not touch a file's cache on another device).
 */
final class SequenceNeeds implements PreflightCheck {

    static final String USB_DEVICES = "/sys/bus/usb/devices/";

    @Override
    public List<PreflightItem> check(PreflightContext c) throws TransportException {
        List<PreflightItem> items = new ArrayList<>();
        String device = c.sequence().needs().get(Sequence.NEEDS_DEVICE);
        if (device != null) {
            device = c.variables().substitute(device);
            String what = "USB device " + device + " enumerated";
            String path = USB_DEVICES + device;
            items.add(c.test("-e", path) ? PreflightItem.present("needs.device", what, path)
                    : PreflightItem.missing("needs.device", what, "no " + path + enumerated(c),
                            "nothing to disconnect: the run would measure no pull (set usb.device to the stick's "
                                    + "device)", true));
        }
        String file = c.sequence().needs().get(Sequence.NEEDS_FILE);
        if (file != null) {
            file = c.variables().substitute(file);
            items.add(c.test("-e", file) ? PreflightItem.present("needs.file", "file " + file, "")
                    : PreflightItem.missing("needs.file", "file " + file, file + " does not exist on the board",
                            "nothing to copy into the page cache: the pull would invalidate nothing", true));
            items.add(mounted(c, file));
        }
        return items;
    }

    private static String enumerated(PreflightContext c) throws TransportException {
        ExecResult ls = c.run(Command.of("ls").arg(USB_DEVICES));
        if (!ls.succeeded()) {
            return "";
        }
        List<String> devices = ls.stdoutText().lines().flatMap(l -> List.of(l.strip().split("\\s+")).stream())
                .filter(d -> d.matches("\\d+-[\\d.]+")).sorted().toList();
        return devices.isEmpty() ? "; no USB device is enumerated" : "; enumerated: " + String.join(" ", devices);
    }

    /** The file's filesystem from {@code /proc/mounts}: the longest mount point it is under. */
    private static PreflightItem mounted(PreflightContext c, String file) throws TransportException {
        String what = "the filesystem of " + file + " mounted";
        ExecResult mounts = c.run(Command.of("cat").arg("/proc/mounts"));
        if (!mounts.succeeded()) {
            return PreflightItem.missing("needs.mount", what, "/proc/mounts: " + PreflightContext.firstLine(mounts),
                    "not checked", false);
        }
        String bestPoint = "";
        String bestDevice = "";
        for (String line : mounts.stdoutText().lines().toList()) {
            String[] f = line.split("\\s+");
            if (f.length < 2) {
                continue;
            }
            String point = f[1].replace("\\040", " ");
            boolean under = point.equals("/") || file.equals(point) || file.startsWith(point + "/");
            if (under && point.length() > bestPoint.length()) {
                bestPoint = point;
                bestDevice = f[0];
            }
        }
        if (bestPoint.isEmpty() || bestPoint.equals("/")) {
            return PreflightItem.missing("needs.mount", what, file + " is on the root filesystem, no device is "
                    + "mounted above it", "the pull would not touch its page cache: mount the stick", true);
        }
        return PreflightItem.present("needs.mount", what, bestDevice + " on " + bestPoint);
    }
}
