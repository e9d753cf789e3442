package org.wqlab.target.facts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.wqlab.target.facts.BoardFacts.HzSource;

/**
 * Parses the output of {@link BoardFactsProbe#SCRIPT}: sections that start with a line {@code @@wqlab:NAME}. Missing
 * or unreadable sections give neutral values (0, empty), never an exception: a board lacking /proc/config.gz is
 * normal.
 */
public final class BoardFactsParser {

    static final String MARK = "@@wqlab:";
    private static final int[] STANDARD_HZ = {100, 128, 200, 250, 256, 300, 500, 1000, 1024};

    private BoardFactsParser() {
    }

    public static BoardFacts parse(String probeOutput) {
        Map<String, List<String>> sections = sections(probeOutput);
        String uname = String.join("\n", sections.getOrDefault("uname", List.of())).strip();
        List<String> cpuinfo = sections.getOrDefault("cpuinfo", List.of());
        int cpus = parseInt(first(sections, "nproc"), 0);
        if (cpus <= 0) {
            cpus = (int) cpuinfo.stream().filter(l -> l.startsWith("processor")).count();
        }
        double bogo = cpuinfo.stream().filter(l -> l.toLowerCase().startsWith("bogomips")).map(BoardFactsParser::value)
                .mapToDouble(v -> parseDouble(v, 0)).findFirst().orElse(0);
        HzSource source = HzSource.UNKNOWN;
        int hz = configHz(sections.getOrDefault("configgz", List.of()));
        if (hz > 0) {
            source = HzSource.PROC_CONFIG_GZ;
        } else if ((hz = configHz(sections.getOrDefault("bootconfig", List.of()))) > 0) {
            source = HzSource.BOOT_CONFIG;
        } else if ((hz = estimateHz(sections.getOrDefault("jiffies", List.of()))) > 0) {
            source = HzSource.ESTIMATED;
        }
        long mem = sections.getOrDefault("meminfo", List.of()).stream().filter(l -> l.startsWith("MemTotal:"))
                .map(l -> value(l).replace("kB", "").strip()).mapToLong(v -> parseLong(v, 0)).findFirst().orElse(0);
        String cmdline = String.join("\n", sections.getOrDefault("cmdline", List.of())).strip();
        String thresh = first(sections, "thresh");
        OptionalLong threshold = thresh.isEmpty() ? OptionalLong.empty() : OptionalLong.of(parseLong(thresh, -1));
        if (threshold.isPresent() && threshold.getAsLong() < 0) {
            threshold = OptionalLong.empty();
        }
        return new BoardFacts(uname, cpus, bogo, hz, source, mem, cmdline, threshold,
                usb(sections.getOrDefault("usb", List.of())));
    }

    private static Map<String, List<String>> sections(String output) {
        Map<String, List<String>> sections = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : output.split("\n", -1)) {
            if (line.startsWith(MARK)) {
                current = sections.computeIfAbsent(line.substring(MARK.length()).strip(), k -> new ArrayList<>());
            } else if (current != null && !line.isEmpty()) {
                current.add(line);
            }
        }
        return sections;
    }

    private static int configHz(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("CONFIG_HZ=")).mapToInt(l -> parseInt(l.substring(10), 0))
                .findFirst().orElse(0);
    }

    /** Two samples "jiffies NS-NOW", taken about a second apart, give ticks per second. */
    private static int estimateHz(List<String> samples) {
        if (samples.size() < 2) {
            return 0;
        }
        String[] a = samples.get(0).split("\\s+");
        String[] b = samples.get(samples.size() - 1).split("\\s+");
        if (a.length < 2 || b.length < 2) {
            return 0;
        }
        double ticks = parseLong(b[0], 0) - parseLong(a[0], 0);
        double seconds = (parseLong(b[1], 0) - parseLong(a[1], 0)) / 1e9;
        if (ticks <= 0 || seconds <= 0.1) {
            return 0;
        }
        double rate = ticks / seconds;
        int best = STANDARD_HZ[0];
        for (int candidate : STANDARD_HZ) {
            if (Math.abs(candidate - rate) < Math.abs(best - rate)) {
                best = candidate;
            }
        }
        return best;
    }

    /** Lines {@code usb BUSPORT VID:PID BLOCK,BLOCK,|PRODUCT}. */
    private static List<UsbStorageDevice> usb(List<String> lines) {
        Map<String, UsbStorageDevice> devices = new LinkedHashMap<>();
        for (String line : lines) {
            int bar = line.indexOf('|');
            String[] fields = (bar < 0 ? line : line.substring(0, bar)).split(" ", -1);
            if (fields.length < 3 || !fields[0].equals("usb")) {
                continue;
            }
            String product = bar < 0 ? "" : line.substring(bar + 1).strip();
            List<String> blocks = new ArrayList<>();
            if (fields.length > 3) {
                for (String block : fields[3].split(",")) {
                    if (!block.isBlank()) {
                        blocks.add(block.strip());
                    }
                }
            }
            UsbStorageDevice previous = devices.get(fields[1]);
            if (previous != null) {
                blocks.addAll(0, previous.blockDevices());
            }
            devices.put(fields[1], new UsbStorageDevice(fields[1], fields[2], product, blocks));
        }
        return List.copyOf(devices.values());
    }

    private static String first(Map<String, List<String>> sections, String name) {
        List<String> lines = sections.getOrDefault(name, List.of());
        return lines.isEmpty() ? "" : lines.get(0).strip();
    }

    private static String value(String line) {
        int colon = line.indexOf(':');
        return colon < 0 ? "" : line.substring(colon + 1).strip();
    }

    private static int parseInt(String s, int fallback) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static long parseLong(String s, long fallback) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static double parseDouble(String s, double fallback) {
        try {
            return Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
