import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Writes a realistic dmesg-style kernel log of about the requested size: mostly context noise (driver, network,
 * filesystem, audit messages), structured latency_mon reports on 4 CPUs (report_all=1, so most are on time),
 * classic DELAY lines, USB disconnect/reconnect cycles with stalls, workqueue hog reports and a few malformed
 * lines. Prints the number of samples the parser must find (also written to FILE.samples).
 *
 * usage: java GenerateLog.java FILE SIZE_MB [SEED]
 */
public class GenerateLog {

    static final String[] NOISE = {
        "EXT4-fs (mmcblk0p2): re-mounted. Opts: (null). Quota mode: none.",
        "IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready",
        "ravb e6800000.ethernet eth0: Link is Up - 1Gbps/Full - flow control off",
        "audit: type=1334 audit(1701289503.123:%d): prog-id=%d op=LOAD",
        "systemd-journald[%d]: Time spent on flushing to /var/log/journal is 1.234ms for %d entries.",
        "usb-storage 2-1:1.0: USB Mass Storage device detected",
        "sd 0:0:0:0: [sda] Write Protect is off",
        "sd 0:0:0:0: [sda] 7831552 512-byte logical blocks: (4.01 GB/3.73 GiB)",
        "FAT-fs (sda1): Volume was not properly unmounted. Some data may be corrupt. Please run fsck.",
        "rcar-dmac e7300000.dma-controller: chan%d: failed to get a desc",
        "random: crng reseeded on system resumption",
        "perf: interrupt took too long (%d > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
        "mmc0: tuning execution failed: -5",
        "xhci-hcd ee000000.usb: xHCI Host Controller",
        "thermal thermal_zone%d: critical temperature not reached, %d mC",
        "nfs: server 192.168.1.10 not responding, still trying",
        "CPU%d: update max cpu_capacity %d",
        "kauditd_printk_skb: %d callbacks suppressed",
    };

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        long target = Long.parseLong(args[1]) * 1024 * 1024;
        Random r = new Random(args.length > 2 ? Long.parseLong(args[2]) : 1);
        long samples = 0;
        long written = 0;
        long us = 1_000_000_000L;
        int[] seq = new int[4];
        StringBuilder sb = new StringBuilder(160);
        int stallLeft = 0;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            sb.append(stamp(us)).append("latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1\n");
            while (written < target) {
                us += 1 + r.nextInt(25_000);
                sb.setLength(0);
                int k = r.nextInt(1000);
                if (k < 180) {
                    int cpu = r.nextInt(4);
                    seq[cpu] += r.nextInt(500) == 0 ? 2 : 1; // an occasional lost report
                    int delay = stallLeft > 0 ? 20_000 + r.nextInt(6_000_000) : 3_500 + r.nextInt(1_500);
                    if (stallLeft > 0) {
                        stallLeft--;
                    }
                    sb.append(stamp(us)).append("latency_mon: cpu=").append(cpu).append(" seq=").append(seq[cpu])
                            .append(" delay_us=").append(delay).append('\n');
                    samples++;
                } else if (k < 210) {
                    sb.append(stamp(us)).append("DELAY: ").append(10 + r.nextInt(7000)).append('\n');
                    samples++;
                } else if (k == 210 && r.nextInt(20) == 0) {
                    sb.append(stamp(us)).append("usb 2-1: USB disconnect, device number ").append(2 + r.nextInt(9))
                            .append('\n');
                    stallLeft = 5;
                } else if (k == 211 && r.nextInt(20) == 0) {
                    sb.append(stamp(us)).append("usb 2-1: new high-speed USB device number ")
                            .append(2 + r.nextInt(9)).append(" using xhci-hcd\n");
                } else if (k == 212 && r.nextInt(10) == 0) {
                    sb.append(stamp(us)).append("workqueue: flush_to_ldisc hogged CPU for >10000us ")
                            .append(4 << r.nextInt(5)).append(" times, consider switching to WQ_UNBOUND\n");
                } else if (k == 213 && r.nextInt(50) == 0) {
                    sb.append(stamp(us)).append("DELAY: -1\n");
                } else {
                    String n = NOISE[r.nextInt(NOISE.length)];
                    if (n.contains("%d")) {
                        n = n.replaceFirst("%d", Integer.toString(r.nextInt(5000)))
                                .replaceFirst("%d", Integer.toString(r.nextInt(100000)));
                    }
                    sb.append(stamp(us)).append(n).append('\n');
                }
                byte[] b = sb.toString().getBytes(StandardCharsets.US_ASCII);
                out.write(b);
                written += b.length;
            }
        }
        Files.writeString(Path.of(file + ".samples"), samples + "\n");
        System.out.println(samples);
    }

    static String stamp(long us) {
        String sec = Long.toString(us / 1_000_000);
        String frac = Long.toString(1_000_000 + us % 1_000_000).substring(1);
        StringBuilder sb = new StringBuilder("[");
        for (int i = sec.length(); i < 5; i++) {
            sb.append(' ');
        }
        return sb.append(sec).append('.').append(frac).append("] ").toString();
    }
}
