package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.samples.LogContent;

/** The watchdog's busy-pool dump after its lockup lines, as kernel/workqueue.c's show_all_workqueues prints it. */
class PoolDumpTest {

    @TempDir
    Path tmp;

    private LogContent parse() throws Exception {
        Path log = Files.write(tmp.resolve("workqueue-lockup.log"), KlogParserTest.resource("workqueue-lockup.log"));
        return KlogFiles.read(log);
    }

    private static List<Event> lockups(LogContent c) {
        return c.events().stream().filter(e -> e.kind() == EventKind.WORKQUEUE_LOCKUP).toList();
    }

    /** The map of key, value pairs. */
    private static Map<String, String> fields(String... keysAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void theDumpAfterTheLockupsIsEachLockupsContextAndItsLinesStayContext() throws Exception {
        LogContent c = parse();
        List<Event> lockups = lockups(c);
        assertEquals(3, lockups.size());
        assertEquals(3, lockups.get(0).line());
        assertEquals(fields("stuck_s", "31", "cpus", "0", "node", "0", "flags", "0x0", "nice", "0",
                "dump_first_line", "5", "dump_last_line", "17", "pool_id", "0", "in_flight", "hub_event",
                "pending", "vmstat_shepherd,lru_add_drain_per_cpu,vmstat_update", "hung_s", "31"),
                lockups.get(0).fields());
        assertEquals(fields("stuck_s", "30", "cpus", "0-3", "flags", "0x4", "nice", "0", "dump_first_line", "5",
                "dump_last_line", "17", "pool_id", "8", "in_flight", "flush_to_ldisc", "hung_s", "30"),
                lockups.get(1).fields());
        // a lockup without a dump after it keeps only what its own line says
        assertEquals(Map.of("stuck_s", "40", "cpus", "1", "node", "0", "flags", "0x0", "nice", "0"),
                lockups.get(2).fields());
        // every line counted once: the 13 dump lines are context, not events
        assertEquals(20, c.totalLines());
        assertEquals(13, c.rawLines());
        assertEquals(5, c.events().size());
        assertEquals(2, c.samples().size());
        assertEquals(0, c.anomalies().size());
    }

    @Test
    void aDumpCutShortByTheEndOfTheLogStillGivesItsLines() throws Exception {
        Path log = Files.writeString(tmp.resolve("end.log"),
                "[   72.000000] BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 31s!\n"
                        + "[   72.000020] Showing busy workqueues and worker pools:\n");
        LogContent c = KlogFiles.read(log);
        assertEquals(Map.of("stuck_s", "31", "cpus", "0", "node", "0", "flags", "0x0", "nice", "0",
                "dump_first_line", "2", "dump_last_line", "2"), lockups(c).get(0).fields());
        assertEquals(1, c.rawLines());
    }
}
