package org.wqlab.analysis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * The page cache around each pull: {@code /proc/meminfo}'s Cached, Dirty and Writeback (kB) and
 * {@code /proc/vmstat}'s nr_file_pages, nr_dirty and nr_writeback (pages), read by the runner before each disconnect
 * and after its stall and kept as board facts {@code pull.N.before.NAME} and {@code pull.N.after.NAME}; and the dirty
 * sysctls ({@code vm.dirty_ratio}, ...) read once per run.
 */
public final class PageCacheProbe {

    public static final String BEFORE = "before";
    public static final String AFTER = "after";
    public static final List<String> MEMINFO_KB = List.of("Cached", "Dirty", "Writeback");
    public static final List<String> VMSTAT_PAGES = List.of("nr_file_pages", "nr_dirty", "nr_writeback");
    public static final List<String> DIRTY_SYSCTLS = List.of("dirty_ratio", "dirty_background_ratio", "dirty_bytes",
            "dirty_background_bytes", "dirty_expire_centisecs", "dirty_writeback_centisecs");

    private PageCacheProbe() {
    }

    /** The board fact of a pull's value: {@code pull.1.before.nr_dirty}. */
    public static String key(int pull, String when, String name) {
        return "pull." + pull + "." + when + "." + name;
    }

    /** The counters now, by name (meminfo's in kB, vmstat's in pages); one the board does not show is left out. */
    public static Map<String, Long> read(BoardConnection c, Duration timeout) throws TransportException {
        ExecResult meminfo = c.run(Command.of("cat").arg("/proc/meminfo"), timeout);
        ExecResult vmstat = c.run(Command.of("cat").arg("/proc/vmstat"), timeout);
        return parse(meminfo.succeeded() ? meminfo.stdoutText() : "", vmstat.succeeded() ? vmstat.stdoutText() : "");
    }

    static Map<String, Long> parse(String meminfo, String vmstat) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (String name : MEMINFO_KB) {
            Matcher m = Pattern.compile("(?m)^" + name + ":\\s+(\\d+) kB").matcher(meminfo);
            if (m.find()) {
                values.put(name, Long.parseLong(m.group(1)));
            }
        }
        for (String name : VMSTAT_PAGES) {
            Matcher m = Pattern.compile("(?m)^" + name + " (\\d+)$").matcher(vmstat);
            if (m.find()) {
                values.put(name, Long.parseLong(m.group(1)));
            }
        }
        return values;
    }

    /** The dirty sysctls as board facts {@code vm.dirty_ratio}, ...; one the board does not have is left out. */
    public static Map<String, String> sysctls(BoardConnection c, Duration timeout) throws TransportException {
        Map<String, String> facts = new LinkedHashMap<>();
        for (String name : DIRTY_SYSCTLS) {
            ExecResult r = c.run(Command.of("cat").arg("/proc/sys/vm/" + name), timeout);
            if (r.succeeded() && !r.stdoutText().isBlank()) {
                facts.put("vm." + name, r.stdoutText().strip());
            }
        }
        return facts;
    }

    /** The counters of one pull as facts. */
    public static Map<String, String> facts(int pull, String when, Map<String, Long> values) {
        Map<String, String> facts = new LinkedHashMap<>();
        values.forEach((k, v) -> facts.put(key(pull, when, k), Long.toString(v)));
        return facts;
    }

    /** Before each pull (1, 2, ...), as recorded, until the first pull without a record. */
    public static List<PageCacheAtPull> beforePulls(Map<String, String> facts) {
        List<PageCacheAtPull> pulls = new ArrayList<>();
        for (int n = 1; facts.containsKey(key(n, BEFORE, "Cached")) || facts.containsKey(key(n, BEFORE, "nr_dirty"));
                n++) {
            pulls.add(new PageCacheAtPull(n, number(facts, key(n, BEFORE, "Cached")),
                    number(facts, key(n, BEFORE, "Dirty")), number(facts, key(n, BEFORE, "Writeback")),
                    number(facts, key(n, BEFORE, "nr_dirty")), number(facts, key(n, BEFORE, "nr_writeback"))));
        }
        return pulls;
    }

    private static long number(Map<String, String> facts, String key) {
        try {
            return Long.parseLong(facts.getOrDefault(key, "-1").strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
