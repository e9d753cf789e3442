package org.wqlab.analysis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * The board and run facts a verdict may use, read from the experiment: board facts in {@code experiment.json}
 * (probed at the start of the run) and, when the run recorded it, {@code run.json} (page cache before the
 * disconnect, how the disconnect was done). Absent facts are null / -1 / 0 (BogoMIPS) and the verdict leaves them out.
 *
 * @param cpuIntensiveThreshUs {@code /sys/module/workqueue/parameters/cpu_intensive_thresh_us} as read, or null
 * @param usbIrqCpu            the CPU the USB host controller's interrupt is steered to, else the one that served
 *                             most of them, -1 when unknown
 * @param controlRunDriver     the disconnect's description when it was a control run (sysfs), else ""
 * @param copiedBytesBeforeDisconnect what the run's {@code dd} steps before its first disconnect say they copied
 *                             ("N bytes ... copied"), -1 when none did
 * @param beforePulls          the page cache before each pull as the runner recorded it ({@link PageCacheProbe})
 * @param preemption           the kernel's preemption model, null when the facts do not say
 */
public record VerdictFacts(String kernelRelease, int cpus, double bogomips, int hz, Long cpuIntensiveThreshUs,
        String cmdline, int usbIrq, String usbIrqName, int usbIrqCpu, List<Long> cachedKbBeforeDisconnect,
        String controlRunDriver, long copiedBytesBeforeDisconnect, List<PageCacheAtPull> beforePulls,
        PreemptionModel preemption) {

    private static final java.util.regex.Pattern DD_COPIED =
            java.util.regex.Pattern.compile("(?m)^(\\d+) bytes .*copied");

    public VerdictFacts {
        kernelRelease = kernelRelease == null ? "" : kernelRelease;
        cmdline = cmdline == null ? "" : cmdline;
        usbIrqName = usbIrqName == null ? "" : usbIrqName;
        cachedKbBeforeDisconnect = List.copyOf(cachedKbBeforeDisconnect);
        controlRunDriver = controlRunDriver == null ? "" : controlRunDriver;
        beforePulls = beforePulls == null ? List.of() : List.copyOf(beforePulls);
    }

    public static VerdictFacts from(Map<String, String> boardFacts, Path runJson) {
        List<Long> cached = new ArrayList<>();
        String control = "";
        long copied = -1;
        boolean disconnected = false;
        if (runJson != null && Files.isRegularFile(runJson)) {
            try {
                JsonObject run = JsonParser.parseString(Files.readString(runJson, StandardCharsets.UTF_8))
                        .getAsJsonObject();
                if (run.has("cachedKbBeforeDisconnect")) {
                    for (JsonElement e : run.getAsJsonArray("cachedKbBeforeDisconnect")) {
                        if (e.getAsLong() >= 0) {
                            cached.add(e.getAsLong());
                        }
                    }
                }
                if (run.has("steps")) {
                    for (JsonElement e : run.getAsJsonArray("steps")) {
                        JsonObject s = e.getAsJsonObject();
                        String detail = s.has("detail") ? s.get("detail").getAsString() : "";
                        String type = s.has("type") ? s.get("type").getAsString() : "";
                        if ("usb-disconnect".equals(type)) {
                            disconnected = true;
                            if (detail.contains("control run")) {
                                control = detail;
                            }
                        }
                        var m = DD_COPIED.matcher(detail);
                        while (!disconnected && "run".equals(type) && m.find()) {
                            copied = Math.max(0, copied) + Long.parseLong(m.group(1));
                        }
                    }
                }
            } catch (IOException | JsonParseException | IllegalStateException | UnsupportedOperationException e) {
                // run.json is optional (imported logs have none); a damaged one gives no run facts
            }
        }
        return new VerdictFacts(boardFacts.getOrDefault(AnalysisFactsProbe.KERNEL_RELEASE, ""),
                integer(boardFacts.get("cpus"), -1), decimal(boardFacts.get(AnalysisFactsProbe.BOGOMIPS)),
                integer(boardFacts.get("config.CONFIG_HZ"), -1), longOrNull(boardFacts.get("cpuIntensiveThreshUs")),
                boardFacts.getOrDefault("cmdline", ""), integer(boardFacts.get(AnalysisFactsProbe.USB_IRQ), -1),
                boardFacts.getOrDefault(AnalysisFactsProbe.USB_IRQ_NAME, ""),
                integer(boardFacts.get(AnalysisFactsProbe.USB_IRQ_CPU), -1), cached, control, copied,
                PageCacheProbe.beforePulls(boardFacts), PreemptionModel.of(boardFacts).orElse(null));
    }

    /** Cached before the last disconnect, or -1 when not recorded. */
    public long cachedKbBeforeLastDisconnect() {
        return cachedKbBeforeDisconnect.isEmpty() ? -1 : cachedKbBeforeDisconnect.get(cachedKbBeforeDisconnect.size() - 1);
    }

    /** Major and minor of the kernel release, or {-1, -1}. */
    public int[] kernelVersion() {
        var m = java.util.regex.Pattern.compile("^(\\d+)\\.(\\d+)").matcher(kernelRelease);
        return m.find() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))} : new int[] {-1, -1};
    }

    /** Linux 6.5 added the automatic CPU_INTENSIVE marking; null when the release is unknown. */
    public Boolean hasAutoCpuIntensive() {
        int[] v = kernelVersion();
        return v[0] < 0 ? null : v[0] > 6 || (v[0] == 6 && v[1] >= 5);
    }

    public boolean threshOnCommandLine() {
        return cmdline.contains("workqueue.cpu_intensive_thresh_us=");
    }

    private static int integer(String s, int absent) {
        try {
            return s == null ? absent : Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return absent;
        }
    }

    private static double decimal(String s) {
        try {
            return s == null ? 0 : Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Long longOrNull(String s) {
        try {
            return s == null ? null : Long.valueOf(s.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
