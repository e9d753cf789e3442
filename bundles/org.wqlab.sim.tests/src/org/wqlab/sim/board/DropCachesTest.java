package org.wqlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.shell.Shell;

/** {@code sync; echo 3 > /proc/sys/vm/drop_caches} empties the stick's page cache, so a later pull stalls less. */
class DropCachesTest {

    private final Board board = Board.virtual(Profiles.builtIn("rcar-h3-default"));
    private final Shell shell = new Shell(board);

    private long cachedKb() {
        String meminfo = shell.run("grep ^Cached: /proc/meminfo").out();
        return Long.parseLong(meminfo.replaceAll("\\D", ""));
    }

    @Test
    void dropCachesEmptiesTheCacheInTheWriterAndThePullAfterACopyOfLessStallsLess() {
        assertEquals(0, shell.run("dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=2048").status());
        assertEquals(2048 * 1024, cachedKb());

        long before = board.kernel().nowNs();
        Shell.Result drop = shell.run("sync; echo 3 > /proc/sys/vm/drop_caches");
        assertEquals(0, drop.status(), drop.err());
        assertEquals(0, cachedKb());
        assertEquals(2048L * 256 * 7665, board.kernel().nowNs() - before, 1_000_000,
                "invalidating 2 GiB of pages takes the writer invalidateNsPerPage each");
        assertEquals(1, shell.run("echo 4 > /proc/sys/vm/drop_caches").status(), "only 1, 2 and 3");

        shell.run("taskset -c 0 modprobe latency-mon; dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=256");
        assertEquals(256 * 1024, cachedKb());
        int logged = shell.run("dmesg").out().length();
        shell.run("wqlab-board usb pull 2-1; sleep 5");
        String after = shell.run("dmesg").out().substring(logged);
        var m = java.util.regex.Pattern.compile("DELAY: (\\d+)").matcher(after);
        long worst = 0;
        while (m.find()) {
            worst = Math.max(worst, Long.parseLong(m.group(1)));
        }
        assertTrue(worst > 200 && worst < 1000, "256 MiB cached, not 2 GiB: DELAY " + worst + " ms\n" + after);
    }
}
