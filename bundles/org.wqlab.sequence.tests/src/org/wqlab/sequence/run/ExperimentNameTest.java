package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ExperimentNameTest {

    private static final Map<String, String> DEFAULTS = Map.of("size.mib", "4096", "cpu", "0", "file", "/x");

    private static Map<String, String> values(String... kv) {
        Map<String, String> m = new LinkedHashMap<>(Map.of("file", "/x"));
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void namesTheSequenceTheBoardAndTheVariablesThatDiffer() {
        assertEquals("Report procedure · Simulated R-Car H3 · size.mib=2048", ExperimentName.of("Report procedure",
                "Simulated R-Car H3 (built-in)", DEFAULTS, values("size.mib", "2048", "cpu", "0")));
        assertEquals("Report procedure · lab-board · size.mib=256 · cpu=3", ExperimentName.of("Report procedure",
                "lab-board", DEFAULTS, values("size.mib", "256", "cpu", "3")));
    }

    @Test
    void defaultsOnlyGiveSequenceAndBoard() {
        assertEquals("Report procedure · lab-board",
                ExperimentName.of("Report procedure", "lab-board", DEFAULTS, values("size.mib", "4096")));
        assertEquals("Report procedure", ExperimentName.of("Report procedure", "", DEFAULTS, values()));
    }

    @Test
    void aNewlineOrALongValueStaysOnOneShortLine() {
        String name = ExperimentName.of("Seq", "b", DEFAULTS, values("label", "a\nDELAY: 9999", "file", "/"
                + "d".repeat(100)));
        assertEquals("Seq · b · file=/" + "d".repeat(38) + "… · label=a DELAY: 9999", name);
    }
}
