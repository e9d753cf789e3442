package org.wqlab.lava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** LAVA job log text as the REST log endpoint returns it, read whole lines at a time, tags and all. */
class JobLogTest {

    private static final String PIECE = """
            - {"dt": "2026-12-07T00:44:54.239719", "lvl": "target", "msg": "Linux wqlab-lava 6.1.0-57-amd64 #1 SMP"}
            - {"dt": "2026-12-07T00:44:54.261770", "lvl": "target", "msg": "root@lab:~# <wqlab-kmsg>6,812,6582052,-;latency_mon: cpu=0 seq=3 delay_us=412"}
            - {"dt": "2026-12-07T00:44:59.536677", "lvl": "results", "msg": {"case": "worst", "definition": "1_wqlab-2", "endtc": ! "734", "measurement": ! "12.5", "result": "pass", "units": "ms"}}
            - {"dt": "2026-12-07T00:44:59.6", "lvl": "info", "msg": "end: 4 user-command (duration 00:00:00) [common]"}
            - {"dt": "2026-12-07T00:45:00.1", "lvl": "target", "msg": "half a li""";

    @Test
    void wholeLinesAreRecordsAndTheLastHalfLineWaitsForTheNextPiece() throws Exception {
        JobLog.Piece piece = JobLog.parse(PIECE, 100);
        assertEquals(4, piece.lines(), "the unfinished fifth line is left for the next read");
        assertEquals(4, piece.records().size());
        LogRecord banner = piece.records().get(0);
        assertTrue(banner.fromDevice());
        assertTrue(banner.kmsgRecord().isEmpty(), "a console line is not a /dev/kmsg record");
        LogRecord report = piece.records().get(1);
        assertEquals("6,812,6582052,-;latency_mon: cpu=0 seq=3 delay_us=412", report.kmsgRecord().orElseThrow(),
                "the record after the shell prompt it shares a line with");
        Map<String, Object> result = piece.records().get(2).result();
        assertEquals("12.5", String.valueOf(result.get("measurement")));
        assertEquals("734", String.valueOf(result.get("endtc")));
        assertEquals("ms", result.get("units"));
        assertEquals(java.time.Instant.parse("2026-12-07T00:44:54.261770Z"), LavaExecution.at(report));
    }

    @Test
    void aLineThatIsNoRecordIsNamedByItsIndexInTheWholeLog() {
        LavaException e = assertThrows(LavaException.class, () -> JobLog.parse(
                "- {\"dt\": \"x\", \"lvl\": \"info\", \"msg\": \"ok\"}\nnot: [a record\n", 41));
        assertTrue(e.getMessage().startsWith("job log line 43 is not a LAVA log record"), e.getMessage());
    }
}
