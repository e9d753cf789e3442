package org.wqlab.limits;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import org.wqlab.limits.Outcome.LimitOutcome;
import org.wqlab.limits.Outcome.Status;

/**
 * Judges measurements against limits on a board: a value above {@code hard} fails, above {@code soft} warns (at the
 * value itself it passes). Overall: fail if any limit fails, else warn if any warns, else pass; a limit not judged
 * does not count.
 */
public final class LimitJudge {

    private LimitJudge() {
    }

    public static Outcome judge(Measurements m, Limits limits, Map<String, String> boardFacts) {
        List<LimitOutcome> out = new ArrayList<>();
        for (Limit l : limits.all()) {
            out.add(judge(m, l, boardFacts));
        }
        Status overall = Status.PASS;
        for (LimitOutcome o : out) {
            if (o.status() == Status.FAIL) {
                overall = Status.FAIL;
            } else if (o.status() == Status.WARN && overall != Status.FAIL) {
                overall = Status.WARN;
            }
        }
        return new Outcome(overall, out);
    }

    private static LimitOutcome judge(Measurements m, Limit l, Map<String, String> facts) {
        LimitName n = l.name();
        OptionalDouble value = m.valueOf(n);
        Double measured = value.isPresent() ? value.getAsDouble() : null;
        Optional<String> notApplicable = l.applicability().whyNot(facts);
        if (notApplicable.isPresent()) {
            return new LimitOutcome(n, Status.NOT_JUDGED, measured, l.soft(), l.hard(), notApplicable.get());
        }
        if (l.soft() == null && l.hard() == null) {
            return new LimitOutcome(n, Status.NOT_JUDGED, measured, null, null, "not judged: no soft or hard value");
        }
        if (measured == null) {
            return new LimitOutcome(n, Status.NOT_JUDGED, null, l.soft(), l.hard(), m.whyNoValue(n));
        }
        LimitName.Unit u = n.unit();
        String v = u.format(measured);
        if (l.hard() != null && measured > l.hard()) {
            return new LimitOutcome(n, Status.FAIL, measured, l.soft(), l.hard(),
                    v + " above the hard limit " + u.format(l.hard()));
        }
        if (l.soft() != null && measured > l.soft()) {
            return new LimitOutcome(n, Status.WARN, measured, l.soft(), l.hard(),
                    v + " above the soft limit " + u.format(l.soft())
                            + (l.hard() == null ? "" : ", within the hard limit " + u.format(l.hard())));
        }
        String within = l.hard() != null ? "the hard limit " + u.format(l.hard()) : "the soft limit "
                + u.format(l.soft());
        if (l.hard() != null && l.soft() != null) {
            within = "the soft limit " + u.format(l.soft()) + " and the hard limit " + u.format(l.hard());
        }
        return new LimitOutcome(n, Status.PASS, measured, l.soft(), l.hard(), v + " within " + within);
    }
}
