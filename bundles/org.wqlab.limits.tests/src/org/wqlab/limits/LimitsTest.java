package org.wqlab.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.InputException;
import org.wqlab.limits.Outcome.LimitOutcome;
import org.wqlab.limits.Outcome.Status;

import com.google.gson.JsonParser;

class LimitsTest {

    private static Limits parse(String json, List<String> problems) {
        return LimitsJson.parse(JsonParser.parseString(json), "limits", problems);
    }

    private static Measurements measured(Long worstUs, Long p99Us, long lost) {
        return new Measurements(List.of(), worstUs, p99Us, 100, lost, worstUs);
    }

    @Test
    void parseErrorsNameTheFieldAndTheLimit() {
        List<String> problems = new ArrayList<>();
        parse("""
                {"p99.ms": {"soft": "x", "hard": 5}, "lost.reports": {"hard": 1.5}, "worst.ms": {"hard": 1},
                 "worst.after.disconnect.ms": {"soft": 900, "hard": 800},
                 "p90.worst.after.disconnect.ms": {"hard": 1, "appliesTo": {"config": {"PREEMPT_RT": false}}}}
                """, problems);
        assertEquals(List.of(
                "field 'limits.p99.ms.soft': limit 'p99.ms' must be a number of milliseconds from 0 to 3600000, got \"x\"",
                "field 'limits.lost.reports.hard': limit 'lost.reports' must be a whole number from 0 to 1000000000000,"
                        + " got 1.5",
                "field 'limits.worst.ms': unknown limit 'worst.ms' (one of worst.after.disconnect.ms, p99.ms,"
                        + " lost.reports, p90.worst.after.disconnect.ms)",
                "field 'limits.p90.worst.after.disconnect.ms.appliesTo.config.PREEMPT_RT': limit"
                        + " 'p90.worst.after.disconnect.ms': not a kernel config option (CONFIG_...)",
                "field 'limits': limit 'worst.after.disconnect.ms': soft 900 ms is above hard 800 ms"), problems);
    }

    @Test
    void overridesReplaceValueByValueInOrder() {
        Limits sequence = Limits.of(new Limit(LimitName.P99, 5.0, 10.0, null), Limit.hard(LimitName.LOST_REPORTS, 0));
        Limits board = Limits.of(Limit.hard(LimitName.P99, 20));
        Limits cli = Limits.of(Limit.soft(LimitName.P99, 15), Limit.hard(LimitName.WORST_AFTER_DISCONNECT, 1000));
        Limits effective = sequence.overriddenBy(board).overriddenBy(cli);
        assertEquals(new Limit(LimitName.P99, 15.0, 20.0, null), effective.get(LimitName.P99).orElseThrow());
        assertEquals(0.0, effective.get(LimitName.LOST_REPORTS).orElseThrow().hard());
        assertEquals(1000.0, effective.get(LimitName.WORST_AFTER_DISCONNECT).orElseThrow().hard());
        assertEquals(List.of(LimitName.WORST_AFTER_DISCONNECT, LimitName.P99, LimitName.LOST_REPORTS),
                effective.all().stream().map(Limit::name).toList());
        assertEquals(10.0, sequence.overriddenBy(Limits.of(Limit.soft(LimitName.P99, 7))).get(LimitName.P99)
                .orElseThrow().hard(), "a value not given stays");
    }

    @Test
    void judgesSoftAndHardWithTheValueBeside() {
        Limits limits = Limits.of(new Limit(LimitName.WORST_AFTER_DISCONNECT, 500.0, 1000.0, null),
                new Limit(LimitName.P99, 5.0, 10.0, null), Limit.hard(LimitName.LOST_REPORTS, 0));
        Outcome o = LimitJudge.judge(measured(1_234_500L, 7_000L, 0), limits, Map.of());
        assertEquals(Status.FAIL, o.overall());
        LimitOutcome worst = o.limits().get(0);
        assertEquals(Status.FAIL, worst.status());
        assertEquals(1234.5, worst.measured());
        assertEquals("1234.5 ms above the hard limit 1000 ms", worst.reason());
        assertEquals(Status.WARN, o.limits().get(1).status());
        assertEquals(Status.PASS, o.limits().get(2).status());
        assertEquals(Status.WARN, LimitJudge.judge(measured(600_000L, 1000L, 0), limits, Map.of()).overall());
        assertEquals(Status.PASS, LimitJudge.judge(measured(500_000L, 1000L, 0), limits, Map.of()).overall(),
                "at the value itself it passes");
    }

    @Test
    void aLimitWhereItMeansNothingIsNotJudgedAndSaysWhy() {
        List<String> problems = new ArrayList<>();
        Limits limits = parse("""
                {"worst.after.disconnect.ms": {"hard": 1000, "appliesTo": {"config": {"CONFIG_PREEMPT_RT": false}}},
                 "p99.ms": {"hard": 1, "appliesTo": {"kernels": [{"from": "5.10", "below": "6.6"}]}}}
                """, problems);
        assertEquals(List.of(), problems);
        Map<String, String> rt = Map.of("kernelRelease", "5.4.72-rt-yocto", "config.CONFIG_PREEMPT_RT", "y");
        Outcome o = LimitJudge.judge(measured(2_000_000L, 5_000L, 0), limits, rt);
        assertEquals(Status.PASS, o.overall(), "nothing judged fails");
        assertEquals(Status.NOT_JUDGED, o.limits().get(0).status());
        assertEquals("not judged: applies only to kernels without CONFIG_PREEMPT_RT", o.limits().get(0).reason());
        assertEquals(2000.0, o.limits().get(0).measured(), "the value is still shown");
        assertEquals("not judged: applies only to kernels 5.10 to below 6.6 (the board runs 5.4.72-rt-yocto)",
                o.limits().get(1).reason());
        Map<String, String> plain = Map.of("kernelRelease", "5.10.147", "config.CONFIG_PREEMPT", "y");
        Outcome judged = LimitJudge.judge(measured(2_000_000L, 5_000L, 0), limits, plain);
        assertEquals(List.of(Status.FAIL, Status.FAIL), judged.limits().stream().map(LimitOutcome::status).toList());
        Outcome unknown = LimitJudge.judge(measured(2_000_000L, 5_000L, 0), limits, Map.of());
        assertTrue(unknown.limits().get(0).reason().contains("did not record the board's kernel config"),
                unknown.limits().get(0).reason());
        Outcome noDisconnect = LimitJudge.judge(measured(null, 5_000L, 0), limits, plain);
        assertEquals("not judged: the log holds no USB disconnect", noDisconnect.limits().get(0).reason());
        assertNull(noDisconnect.limits().get(0).measured());
    }

    @Test
    void limitsJsonRoundTripsAndNamesTheFileWhenDamaged(@TempDir Path dir) throws Exception {
        List<String> problems = new ArrayList<>();
        Limits limits = parse("""
                {"p99.ms": {"soft": 2.5, "hard": 10, "appliesTo": {"kernels": [{"below": "6.1"}],
                  "config": {"CONFIG_PREEMPT": true}}}, "lost.reports": {"hard": 0}}
                """, problems);
        LimitsJson.write(dir, limits);
        assertEquals(limits, LimitsJson.read(dir).orElseThrow());
        assertTrue(LimitsJson.read(dir.resolve("none")).isEmpty());
        Files.writeString(dir.resolve(LimitsJson.FILE), "{\"formatVersion\": 1, \"limits\": {\"p99.ms\": {}}}");
        InputException e = org.junit.jupiter.api.Assertions.assertThrows(InputException.class,
                () -> LimitsJson.read(dir));
        assertEquals(dir.resolve("limits.json") + ": field 'limits.p99.ms': limit 'p99.ms' needs a soft or a hard"
                + " value (or both)", e.getMessage());
    }
}
