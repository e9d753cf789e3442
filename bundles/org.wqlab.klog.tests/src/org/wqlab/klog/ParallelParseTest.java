package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A log parsed in two parts at once gives exactly what one parser gives, wherever the seam falls. */
class ParallelParseTest {

    @TempDir
    Path tmp;

    /** Splits at every byte offset's next line start; returns how many splits ran in parallel. */
    private int everySeamGivesTheSequentialParse(Path file) throws Exception {
        int parallel = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            var whole = ParallelParse.sequential(ch, 0, size).content();
            long last = -1;
            for (long at = 1; at < size; at++) {
                long seam = ParallelParse.seamNear(ch, at);
                if (seam == last) {
                    continue;
                }
                last = seam;
                ParallelParse.Parsed split = ParallelParse.split(ch, 0, seam);
                assertEquals(whole, split.content(), file.getFileName() + " split at byte " + seam);
                parallel += split.parallel() ? 1 : 0;
            }
        }
        return parallel;
    }

    @Test
    void everyTestLogSplitAnywhereParsesAsOne() throws Exception {
        for (String name : List.of("dmesg-plain.log", "dmesg-r-caller.log", "kmsg.log", "serial-capture.log",
                "journal-short.log", "journal-short-iso.log", "journal-short-monotonic.log", "dmesg-T.log",
                "printk-time0.log", "mixed-noise.log", "serial-line-editing.log", "kern-three-boots.log",
                "journal-reboots.log", "workqueue-lockup.log")) {
            Path log = Files.write(tmp.resolve(name), KlogParserTest.resource(name));
            everySeamGivesTheSequentialParse(log);
        }
        assertTrue(everySeamGivesTheSequentialParse(tmp.resolve("dmesg-plain.log")) > 10,
                "the seams of a dmesg log run in parallel");
    }

    @Test
    void aGeneratedLogOfBootsHogsAndRecordsSplitAnywhereParsesAsOne() throws Exception {
        Random r = new Random(7);
        StringBuilder sb = new StringBuilder();
        long us = 1_000_000;
        for (int i = 0; i < 400; i++) {
            us += r.nextInt(400_000);
            String stamp = String.format("[%5d.%06d] ", us / 1_000_000, us % 1_000_000);
            switch (r.nextInt(12)) {
                case 0 -> sb.append(stamp).append("workqueue: hub_event hogged CPU for >10000us ")
                        .append(4 << r.nextInt(4)).append(" times, consider switching to WQ_UNBOUND\n");
                case 1 -> sb.append(stamp).append("usb 1-1: USB disconnect, device number 3\n");
                case 2 -> {
                    if (r.nextInt(8) == 0) {
                        us = r.nextInt(3) * 100_000L; // a reboot: the clock starts again
                        sb.append(String.format("[%5d.%06d] ", us / 1_000_000, us % 1_000_000))
                                .append(r.nextBoolean() ? "Linux version 6.1.0\n" : "Machine model: board\n");
                    }
                }
                case 3 -> sb.append("6,").append(i).append(',').append(us).append(",-;DELAY: ").append(r.nextInt(90))
                        .append("\n SUBSYSTEM=usb\n");
                case 4 -> sb.append("root@board:~# ls\n");
                default -> sb.append(stamp).append("latency_mon: cpu=").append(r.nextInt(4)).append(" seq=").append(i)
                        .append(" delay_us=").append(r.nextInt(20_000)).append('\n');
            }
        }
        Path log = Files.writeString(tmp.resolve("generated.log"), sb, StandardCharsets.UTF_8);
        assertTrue(everySeamGivesTheSequentialParse(log) > 100);
    }
}
