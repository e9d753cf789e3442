package org.wqlab.ui.sequence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.StepType;
import org.wqlab.sequence.Variables;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;

/** How steps read in the editor: one-line summaries, the driver note, and the text forms of list fields. */
public final class StepTexts {

    private StepTexts() {
    }

    public static String summary(Sequence sequence, Step step) {
        String s = switch (step.type()) {
            case CONNECT -> "";
            case LOAD_MODULE -> step.field("module") + (step.field("cpu") == null ? "" : " on CPU " + step.field("cpu"))
                    + (step.field("file") == null ? "" : " from " + step.field("file"))
                    + (step.params().isEmpty() ? "" : " " + paramsLine(step.params()));
            case UNLOAD_MODULE -> step.field("module");
            case RUN -> String.join(" ", step.command())
                    + (step.field("timeout") == null ? "" : " (timeout " + step.field("timeout") + " s)");
            case WAIT_LOG -> "/" + step.field("pattern") + "/"
                    + (step.field("timeout") == null ? "" : " within " + step.field("timeout") + " s");
            case SLEEP -> step.field("seconds") + " s";
            case USB_DISCONNECT, USB_RECONNECT -> {
                String driver = step.field("driver") == null ? UsbDriverIds.BOARD_DEFAULT : step.field("driver");
                String device = step.field("device") == null ? "2-1" : step.field("device");
                String note = driverNote(sequence, step);
                yield driver + " " + device + (note.isEmpty() ? "" : " - " + note);
            }
            case MARK -> step.field("label");
            case REPEAT -> step.field("times") + " times";
        };
        return s == null ? "" : s;
    }

    /** The disconnect driver's note: "control run: ..." for the sysfs drivers, else "". */
    public static String driverNote(Sequence sequence, Step step) {
        if (step.type() != StepType.USB_DISCONNECT && step.type() != StepType.USB_RECONNECT) {
            return "";
        }
        String raw = step.field("driver") == null ? UsbDriverIds.BOARD_DEFAULT : step.field("driver");
        String driver;
        try {
            driver = new Variables(sequence.variables(), Map.of()).substitute(raw);
        } catch (IllegalArgumentException e) {
            return "";
        }
        return UsbDrivers.installed().byId(driver).map(UsbDisconnectDriver::note).orElse("");
    }

    public static String paramsLine(Map<String, String> params) {
        List<String> parts = new ArrayList<>();
        params.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(" ", parts);
    }

    /** A run step's argv, one word per line. */
    public static String commandText(List<String> command) {
        return String.join("\n", command);
    }

    public static List<String> command(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        return List.of(text.replace("\r", "").split("\n", -1));
    }

    /** Module parameters, one {@code name=value} per line. */
    public static String paramsText(Map<String, String> params) {
        List<String> lines = new ArrayList<>();
        params.forEach((k, v) -> lines.add(k + "=" + v));
        return String.join("\n", lines);
    }

    public static Map<String, String> params(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : text.replace("\r", "").split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            int eq = line.indexOf('=');
            out.put(eq < 0 ? line.strip() : line.substring(0, eq).strip(), eq < 0 ? "" : line.substring(eq + 1));
        }
        return out;
    }
}
