package org.wqlab.sequence.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.StepType;

/** The form's edits on the model, and how validator messages are mapped to a step and a field. */
class SequenceEditsTest {

    private static Sequence reparsed(Sequence s) throws Exception {
        return SequenceJson.parse("test", SequenceJson.write(s));
    }

    @Test
    void editsWriteAndParseBack() throws Exception {
        Sequence s = SequenceJson.defaultSequence();
        Sequence r = reparsed(SequenceEdits.insert(s, StepPath.of(1), SequenceEdits.newStep(StepType.REPEAT)));
        r = reparsed(SequenceEdits.insert(r, StepPath.of(1, 0), SequenceEdits.newStep(StepType.SLEEP)));
        assertEquals("step 2.1 (sleep)", r.steps().get(1).steps().get(0).label());
        r = reparsed(SequenceEdits.duplicate(r, StepPath.of(1, 0)));
        assertEquals(2, r.steps().get(1).steps().size());
        r = reparsed(SequenceEdits.replace(r, StepPath.of(1, 1),
                SequenceEdits.withField(SequenceEdits.step(r, StepPath.of(1, 1)), "seconds", "3")));
        r = reparsed(SequenceEdits.move(r, StepPath.of(1, 1), -1));
        assertEquals("3", r.steps().get(1).steps().get(0).field("seconds"));
        assertEquals(r, SequenceEdits.move(r, StepPath.of(0), -1), "the first step cannot move up");
        r = reparsed(SequenceEdits.remove(r, StepPath.of(1)));
        assertEquals(SequenceJson.write(s), SequenceJson.write(r), "back to the default sequence");
        assertTrue(r.trace() == s.trace(), "the trace flag survives form edits");
    }

    @Test
    void problemsNameStepAndField() {
        Problem p = Problem.of("step 7 (wait for the stall to end): field 'pattern': bad regular expression 'x('");
        assertEquals(Optional.of(StepPath.of(6)), p.step());
        assertEquals("pattern", p.formField());
        Problem nested = Problem.of("step 4.2 (load): field 'params.cpu': unknown variable ${c}");
        assertEquals(Optional.of(StepPath.of(3, 1)), nested.step());
        assertEquals("params", nested.formField());
        assertEquals("module", Problem.of("step 3 (load): missing field 'module'").formField());
        assertEquals(Optional.empty(), Problem.of("field 'format' must be \"wqseq\"").step());
        assertEquals(Optional.of(StepPath.of(1)), StepPath.ofLabel("step 2 (sleep) [3/4]"));
    }

    @Test
    void aSourceThatDoesNotParseKeepsTheLastSequence() throws Exception {
        Sequence s = SequenceJson.defaultSequence();
        SequenceModel broken = SequenceModel.of("x.wqseq", s.text().replace("\"steps\"", "oops \"steps\""), s);
        assertEquals(s, broken.sequence());
        assertTrue(broken.all().get(0).message().startsWith("malformed JSON"), broken.all().toString());
        SequenceModel invalid = SequenceModel.of("x.wqseq", s.text().replace("${settle.s}", "${settle}"), null);
        assertEquals(List.of("step 3 (baseline): field 'seconds': unknown variable ${settle} (known: module, cpu, file,"
                + " size.mib, usb.device, usb.driver, settle.s, stall.timeout.s, after.s)"),
                invalid.problems().stream().map(Problem::message).toList());
        assertEquals(1, invalid.problemsOf(StepPath.of(2)).size());
    }
}
