package org.wqlab.ui.boards;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.facts.UsbStorageDevice;

/** Board facts as label/value rows, shared by the tree and the Properties view. */
final class FactRows {
    static final String KERNEL = "Kernel (uname -a)";
    static final String CPUS = "CPU count";
    static final String COMMAND_LINE = "Kernel command line";
    static final String CPU_INTENSIVE_THRESHOLD = "workqueue.cpu_intensive_thresh_us";

    private FactRows() {
    }

    static List<FactRow> of(String board, BoardFacts f) {
        List<FactRow> rows = new ArrayList<>();
        rows.add(new FactRow(board, KERNEL, f.uname()));
        rows.add(new FactRow(board, CPUS, Integer.toString(f.cpuCount())));
        rows.add(new FactRow(board, "BogoMIPS", String.format(Locale.ROOT, "%.2f", f.bogoMips())));
        rows.add(new FactRow(board, "HZ", f.hz() == 0 ? "unknown" : f.hz() + " (" + hzSource(f.hzSource()) + ")"));
        rows.add(new FactRow(board, "RAM", String.format(Locale.ROOT, "%.1f GiB (%d kB)",
                f.memTotalKb() / 1024.0 / 1024.0, f.memTotalKb())));
        rows.add(new FactRow(board, COMMAND_LINE, f.kernelCommandLine()));
        rows.add(new FactRow(board, CPU_INTENSIVE_THRESHOLD,
                f.cpuIntensiveThresholdUs().isPresent() ? Long.toString(f.cpuIntensiveThresholdUs().getAsLong())
                        : "(no such parameter)"));
        if (f.usbStorage().isEmpty()) {
            rows.add(new FactRow(board, "USB storage", "none"));
        }
        for (UsbStorageDevice d : f.usbStorage()) {
            rows.add(new FactRow(board, "USB storage " + d.busPort(), d.vendorProduct() + " "
                    + (d.product() == null ? "" : d.product()) + " " + String.join(",", d.blockDevices())));
        }
        return rows;
    }

    private static String hzSource(BoardFacts.HzSource s) {
        return switch (s) {
            case PROC_CONFIG_GZ -> "/proc/config.gz";
            case BOOT_CONFIG -> "/boot/config";
            case ESTIMATED -> "estimated";
            case UNKNOWN -> "unknown";
        };
    }
}
