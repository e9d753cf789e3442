package org.wqlab.analysis.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.wqlab.analysis.AnalysisFactsProbe;

/**
 * The board facts a run recorded (experiment.json's {@code boardFacts}), in words: each key's name as an engineer
 * says it and its value with its unit, in a reading order (board, kernel, CPUs, the workqueue threshold, the USB
 * interrupt, the kernel configuration); keys it does not know keep their own name, after the known ones.
 */
public final class BoardFactNames {

    /** One row of the Board tab. */
    public record Fact(String name, String value) {
    }

    private static final Map<String, String> NAMES = new LinkedHashMap<>();

    static {
        NAMES.put("board", "Board");
        NAMES.put("machine", "Machine");
        NAMES.put(AnalysisFactsProbe.KERNEL_RELEASE, "Kernel release");
        NAMES.put("uname", "Kernel (uname -a)");
        NAMES.put("cmdline", "Kernel command line");
        NAMES.put("cpus", "CPUs online");
        NAMES.put(AnalysisFactsProbe.BOGOMIPS, "BogoMIPS");
        NAMES.put("boardTimeSpeed", "Board time per wall time");
        NAMES.put("cpuIntensiveThreshUs", "CPU_INTENSIVE threshold (workqueue.cpu_intensive_thresh_us)");
        NAMES.put(AnalysisFactsProbe.USB_IRQ, "USB host controller interrupt");
        NAMES.put(AnalysisFactsProbe.USB_IRQ_NAME, "USB host controller");
        NAMES.put(AnalysisFactsProbe.USB_IRQ_CPU, "CPU serving the USB interrupt");
    }

    private BoardFactNames() {
    }

    /** The facts in words and in reading order. */
    public static List<Fact> of(Map<String, String> facts) {
        List<Fact> rows = new ArrayList<>();
        NAMES.forEach((key, name) -> {
            String value = facts.get(key);
            if (value != null) {
                rows.add(new Fact(name, value(key, value)));
            }
        });
        Map<String, String> config = new TreeMap<>();
        Map<String, String> other = new TreeMap<>();
        facts.forEach((key, value) -> {
            if (key.startsWith("config.")) {
                config.put(key.substring("config.".length()), value);
            } else if (!NAMES.containsKey(key)) {
                other.put(key, value);
            }
        });
        config.forEach((option, value) -> rows.add(new Fact("Kernel config " + option, value)));
        other.forEach((key, value) -> rows.add(new Fact(key, value)));
        return List.copyOf(rows);
    }

    private static String value(String key, String value) {
        try {
            return switch (key) {
                case "boardTimeSpeed" -> speed(Double.parseDouble(value));
                case "cpuIntensiveThreshUs" -> {
                    long us = Long.parseLong(value.strip());
                    yield String.format(Locale.ROOT, "%d µs (%s ms)", us, trim(us / 1000.0));
                }
                case AnalysisFactsProbe.USB_IRQ -> "IRQ " + value;
                case AnalysisFactsProbe.USB_IRQ_CPU -> "CPU " + value;
                default -> value;
            };
        } catch (NumberFormatException notANumber) {
            return value;
        }
    }

    private static String speed(double s) {
        if (s == 1) {
            return "1x (real time)";
        }
        return trim(s) + "x (" + (s > 1 ? "a simulated board running faster than real time"
                : "a simulated board running slower than real time") + ")";
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "");
    }
}
