package org.wqlab.lava;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * LAVA's typing echoed into a kernel record on the shared console: the lines as the loopback lab's dispatcher logged
 * them (job 16 of a CI run, the stall's report and the next test segment's first command).
 */
class ConsoleEchoTest {

    private static final String LINES = """
            - {"dt": "2026-12-07T14:30:38.020313", "lvl": "input", "msg": "ls -la /lava-16/bin/lava-test-runner\\n"}
            - {"dt": "2026-12-07T14:30:38.120844", "lvl": "target", "msg": "ls -la /lava-16/bin/lava-test-runner"}
            - {"dt": "2026-12-07T14:30:38.121606", "lvl": "target", "msg": "<wqlab-kmsg>2,628,18242098,-;latency_mon: cpu=0 seq=101 delay_us=499925ls -la /lava-16/bin/lava-test-runner"}
            - {"dt": "2026-12-07T14:30:38.121668", "lvl": "target", "msg": "root@wqlab-lava:~# ls -la /lava-16/bin/lava-test-runner<wqlab-kmsg>6,629,18260803,-;latency_mon: cpu=1 seq=105 delay_us=4569"}
            """;

    @Test
    void anEchoOfWhatLavaTypedIsTakenOffTheRecordsEnd() throws Exception {
        ConsoleEcho echo = new ConsoleEcho();
        List<String> records = new java.util.ArrayList<>();
        for (LogRecord r : JobLog.parse(LINES, 0).records()) {
            echo.see(r);
            r.kmsgRecord().map(echo::strip).ifPresent(records::add);
        }
        assertEquals(List.of("2,628,18242098,-;latency_mon: cpu=0 seq=101 delay_us=499925",
                "6,629,18260803,-;latency_mon: cpu=1 seq=105 delay_us=4569"), records);
    }

    @Test
    void aRecordIsLeftAloneWhenNothingTypedEndsIt() {
        ConsoleEcho echo = new ConsoleEcho();
        echo.see(new LogRecord("2026-12-07T14:30:38", "input", "sync\n"));
        echo.see(new LogRecord("2026-12-07T14:30:38", "target", "delay_us=12"));
        assertEquals("6,1,2,-;latency_mon: cpu=0 seq=1 delay_us=12", echo.strip("6,1,2,-;latency_mon: cpu=0 seq=1 delay_us=12"));
        assertEquals("6,1,2,-;usb 2-1: ", echo.strip("6,1,2,-;usb 2-1: sync"));
    }
}
