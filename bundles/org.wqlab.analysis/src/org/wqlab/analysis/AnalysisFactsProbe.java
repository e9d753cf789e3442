package org.wqlab.analysis;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * The board facts a verdict needs beyond the runner's (uname, cmdline, cpu_intensive_thresh_us, CONFIG_HZ):
 * BogoMIPS from /proc/cpuinfo and the USB host controller's interrupt from /proc/interrupts (the USB line with the
 * most interrupts; its CPU is the one its affinity names, else the column with the most).
 */
public final class AnalysisFactsProbe {

    public static final String KERNEL_RELEASE = "kernelRelease";
    public static final String BOGOMIPS = "bogomips";
    public static final String USB_IRQ = "usbIrq";
    public static final String USB_IRQ_NAME = "usbIrqName";
    public static final String USB_IRQ_CPU = "usbIrqCpu";

    private static final Pattern BOGO = Pattern.compile("(?im)^bogomips\\s*:\\s*([0-9.]+)");
    private static final Pattern USB = Pattern.compile("(?i).*(usb|xhci|ehci|ohci|dwc).*");

    private AnalysisFactsProbe() {
    }

    public static Map<String, String> probe(BoardConnection connection, Duration timeout) throws TransportException {
        ExecResult cpuinfo = connection.run(Command.of("cat").arg("/proc/cpuinfo"), timeout);
        ExecResult interrupts = connection.run(Command.of("cat").arg("/proc/interrupts"), timeout);
        Map<String, String> facts = parse(cpuinfo.succeeded() ? cpuinfo.stdoutText() : "",
                interrupts.succeeded() ? interrupts.stdoutText() : "");
        String irq = facts.get(USB_IRQ);
        if (irq != null) {
            ExecResult requested = connection.run(Command.of("cat").arg("/proc/irq/" + irq + "/smp_affinity_list"),
                    timeout);
            ExecResult effective = connection.run(Command.of("cat").arg("/proc/irq/" + irq
                    + "/effective_affinity_list"), timeout);
            steered(facts, requested.succeeded() ? requested.stdoutText() : "",
                    effective.succeeded() ? effective.stdoutText() : "");
        }
        return facts;
    }

    /**
     * The interrupt counts are since boot, so an interrupt steered at boot (as on the QEMU virtual board) was served
     * mostly elsewhere before. An affinity set to one CPU is where it goes from now on (x86 moves an MSI at its next
     * interrupt, so the effective affinity can still name the old CPU until then); else the effective affinity when
     * it names one CPU; else the counts stand.
     */
    static void steered(Map<String, String> facts, String smpAffinityList, String effectiveAffinityList) {
        for (String list : new String[] { smpAffinityList.strip(), effectiveAffinityList.strip() }) {
            if (list.matches("\\d+")) {
                facts.put(USB_IRQ_CPU, list);
                return;
            }
        }
    }

    public static Map<String, String> parse(String cpuinfo, String interrupts) {
        Map<String, String> facts = new LinkedHashMap<>();
        var m = BOGO.matcher(cpuinfo);
        if (m.find()) {
            facts.put(BOGOMIPS, m.group(1));
        }
        String[] lines = interrupts.split("\n");
        if (lines.length < 2) {
            return facts;
        }
        int cpus = lines[0].trim().isEmpty() ? 0 : lines[0].trim().split("\\s+").length;
        long bestTotal = -1;
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].trim().split("\\s+");
            if (f.length < cpus + 2 || !f[0].matches("\\d+:") || !USB.matcher(lines[i]).matches()) {
                continue;
            }
            long total = 0;
            int busiest = -1;
            long most = -1;
            for (int c = 0; c < cpus; c++) {
                long n = Long.parseLong(f[c + 1]);
                total += n;
                if (n > most) {
                    most = n;
                    busiest = c;
                }
            }
            if (total > bestTotal) {
                bestTotal = total;
                facts.put(USB_IRQ, f[0].substring(0, f[0].length() - 1));
                facts.put(USB_IRQ_NAME, f[f.length - 1]);
                facts.put(USB_IRQ_CPU, Integer.toString(busiest));
            }
        }
        return facts;
    }

    /**
     * {@code wq_cpu_intensive_thresh_init()} since 6.5-rc5: 10 ms, scaled by 4000 / bogo when bogo (loops_per_jiffy
     * / 500000 * HZ, integer arithmetic, at least 1) is below 4000, capped at 1 s.
     */
    public static long defaultCpuIntensiveThreshUs(double bogomips, int hz) {
        long thresh = 10_000;
        long bogo = bogo(bogomips, hz);
        if (bogo < 4000) {
            thresh = Math.min(thresh * 4000 / bogo, 1_000_000);
        }
        return thresh;
    }

    /** The kernel's integer BogoMIPS for the threshold: loops_per_jiffy / 500000 * HZ, at least 1. */
    public static long bogo(double bogomips, int hz) {
        int h = hz > 0 ? hz : 250;
        long loopsPerJiffy = Math.round(bogomips * 500_000 / h);
        return Math.max(loopsPerJiffy / 500_000 * h, 1);
    }

    static String ms(long us) {
        return us % 1000 == 0 ? Long.toString(us / 1000) : String.format(Locale.ROOT, "%.1f", us / 1000.0);
    }
}
