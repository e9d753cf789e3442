package org.wqlab.sequence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SequenceFormatTest {

    @Test
    void defaultSequenceWatchesEveryCpuAndDropsThePageCacheBeforeTheCopy() throws Exception {
        Sequence s = SequenceJson.defaultSequence();
        assertEquals(List.of(), SequenceValidator.problems(s, Map.of()));
        List<StepType> types = s.steps().stream().map(Step::type).toList();
        assertEquals(List.of(StepType.CONNECT, StepType.LOAD_MODULE, StepType.SLEEP, StepType.RUN, StepType.RUN,
                StepType.RUN, StepType.MARK, StepType.RUN, StepType.RUN, StepType.USB_DISCONNECT, StepType.WAIT_LOG,
                StepType.SLEEP, StepType.UNLOAD_MODULE), types);
        Variables v = new Variables(s.variables(), Map.of("size.mib", "512"));
        ResolvedStep load = new ResolvedStep(s.steps().get(1), v);
        assertEquals(Map.of("cpu", "-1", "report_all", "1", "classic", "0"), load.params());
        assertEquals("", load.text("cpu", ""), "no taskset: the module watches every CPU itself");
        assertEquals(List.of("sync"), new ResolvedStep(s.steps().get(3), v).command());
        assertEquals(List.of("sh", "-c", "echo 3 > /proc/sys/vm/drop_caches"),
                new ResolvedStep(s.steps().get(4), v).command());
        assertEquals(List.of("grep", "^Cached:", "/proc/meminfo"), new ResolvedStep(s.steps().get(5), v).command());
        assertEquals(List.of("dd", "if=/run/media/sda1/sample.txt", "of=/dev/zero", "bs=1M", "count=512"),
                new ResolvedStep(s.steps().get(7), v).command());
        assertEquals(List.of("grep", "^Cached:", "/proc/meminfo"), new ResolvedStep(s.steps().get(8), v).command());
    }

    @Test
    void reportProcedureIsTheClassicModuleOnCpu0() throws Exception {
        Sequence s = SequenceJson.reportProcedure();
        assertEquals("Report procedure", s.name());
        assertEquals(List.of(), SequenceValidator.problems(s, Map.of()));
        List<StepType> types = s.steps().stream().map(Step::type).toList();
        assertEquals(List.of(StepType.CONNECT, StepType.LOAD_MODULE, StepType.SLEEP, StepType.MARK, StepType.RUN,
                StepType.USB_DISCONNECT, StepType.WAIT_LOG, StepType.SLEEP, StepType.UNLOAD_MODULE), types);
        Variables v = new Variables(s.variables(), Map.of("size.mib", "512"));
        assertEquals(List.of("dd", "if=/run/media/sda1/sample.txt", "of=/dev/zero", "bs=1M", "count=512"),
                new ResolvedStep(s.steps().get(4), v).command());
        assertEquals("0", new ResolvedStep(s.steps().get(1), v).text("cpu"));
        assertEquals(Map.of(), s.steps().get(1).params());
        assertEquals(s.text(), SequenceJson.write(s), "the shipped file is in the writer's layout");
    }

    @Test
    void writingIsStableAndRoundTrips() throws Exception {
        Sequence s = SequenceJson.defaultSequence();
        String written = SequenceJson.write(s);
        assertEquals(s.text(), written, "the shipped file is in the writer's layout");
        Sequence again = SequenceJson.parse("again", written);
        assertEquals(s.steps(), again.steps());
        assertEquals(s.variables(), again.variables());
        assertEquals(written, SequenceJson.write(again));
    }

    @Test
    void repeatNestsAndLabelsNameIndexAndName() throws Exception {
        Sequence s = SequenceJson.parse("r.wqseq", """
                {"format": "wqseq", "variables": {"n": "3"}, "steps": [
                  {"type": "repeat", "times": "${n}", "steps": [
                    {"type": "mark", "label": "round"},
                    {"type": "sleep", "name": "pause", "seconds": "0.5"}]}]}
                """);
        Step repeat = s.steps().get(0);
        assertEquals(2, repeat.steps().size());
        assertEquals("step 1.2 (pause)", repeat.steps().get(1).label());
        assertEquals(List.of(), SequenceValidator.problems(s, Map.of()));
        assertEquals(3, new ResolvedStep(repeat, new Variables(s.variables(), Map.of())).integer("times", 1));
    }

    @Test
    void validationNamesStepAndField() throws Exception {
        Sequence s = SequenceJson.parse("bad.wqseq", """
                {"format": "wqseq", "variables": {"dev": "2-1"}, "steps": [
                  {"type": "usb-disconnect", "name": "pull", "device": "${usb.devce}"},
                  {"type": "wait-log", "name": "stall", "pattern": "DELAY: ([0-9]+"},
                  {"type": "usb-disconnect", "driver": "teleport"},
                  {"type": "run", "command": ["rm -rf /", "x"]},
                  {"type": "sleep", "seconds": "soon"}]}
                """);
        List<String> p = SequenceValidator.problems(s, Map.of("nope", "1"));
        assertTrue(p.stream().anyMatch(m -> m.startsWith("step 1 (pull): field 'device': unknown variable ${usb.devce}")),
                p::toString);
        assertTrue(p.stream().anyMatch(m -> m.startsWith("step 2 (stall): field 'pattern': bad regular expression")),
                p::toString);
        assertTrue(p.stream().anyMatch(m -> m.startsWith("step 3 (usb-disconnect): field 'driver': unknown driver "
                + "'teleport'")), p::toString);
        assertTrue(p.stream().anyMatch(m -> m.startsWith("step 4 (run): field 'command[0]'")), p::toString);
        assertTrue(p.contains("step 5 (sleep): field 'seconds': 'soon' is not a number of seconds"), p::toString);
        assertTrue(p.stream().anyMatch(m -> m.startsWith("--var nope:")), p::toString);
        SequenceException e = assertThrows(SequenceException.class,
                () -> SequenceValidator.validate("bad.wqseq", s, Map.of()));
        assertTrue(e.getMessage().startsWith("bad.wqseq: "), e.getMessage());
    }

    @Test
    void hugeSleepsAndTimeoutsAreRefusedNamingFieldAndRange() throws Exception {
        Sequence s = SequenceJson.parse("huge.wqseq", """
                {"format": "wqseq", "steps": [
                  {"type": "sleep", "name": "nap", "seconds": "1e10"},
                  {"type": "wait-log", "name": "stall", "pattern": "DELAY", "timeout": "1e308"},
                  {"type": "sleep", "seconds": "604800"}]}
                """);
        List<String> p = SequenceValidator.problems(s, Map.of());
        assertEquals(List.of("step 1 (nap): field 'seconds': must be from 0 to 604800 seconds (a week), was 1e10",
                "step 2 (stall): field 'timeout': must be from 0 to 604800 seconds (a week), was 1e308"), p);
    }

    @Test
    void limitsAreReadWrittenBackAndABadOneIsNamed() throws Exception {
        Sequence s = SequenceJson.parse("l.wqseq", """
                {"format": "wqseq", "limits": {"worst.after.disconnect.ms": {"soft": 1000, "hard": 5000},
                  "lost.reports": {"hard": 0}},
                 "steps": [{"type": "sleep", "name": "wait", "seconds": 1}]}
                """);
        var worst = s.limits().get(org.wqlab.limits.LimitName.WORST_AFTER_DISCONNECT).orElseThrow();
        assertEquals(1000.0, worst.soft());
        assertEquals(5000.0, worst.hard());
        Sequence again = SequenceJson.parse("again", SequenceJson.write(s));
        assertEquals(s.limits(), again.limits());
        SequenceException e = assertThrows(SequenceException.class, () -> SequenceJson.parse("b.wqseq", """
                {"format": "wqseq", "limits": {"p99.ms": {"hard": "soon"}}, "steps": []}
                """));
        assertTrue(e.problems().stream().anyMatch(m -> m.contains("p99.ms")), e.problems()::toString);
    }

    @Test
    void structureErrorsNameStepAndField() {
        SequenceException e = assertThrows(SequenceException.class, () -> SequenceJson.parse("s.wqseq", """
                {"format": "wqseq", "steps": [
                  {"type": "connect"},
                  {"type": "teleport", "name": "beam"},
                  {"type": "load-module", "name": "load", "cpu": 0},
                  {"type": "mark", "label": "x", "colour": "red"}]}
                """));
        List<String> p = e.problems();
        assertTrue(p.stream().anyMatch(m -> m.startsWith("step 2 (beam): field 'type': unknown step type 'teleport'")),
                p::toString);
        assertTrue(p.contains("step 3 (load): missing field 'module'"), p::toString);
        assertTrue(p.contains("step 4 (mark): unknown field 'colour' for a mark step"), p::toString);
        assertThrows(SequenceException.class, () -> SequenceJson.parse("m.wqseq", "{\"format\": \"wqseq\", "));
    }
}
