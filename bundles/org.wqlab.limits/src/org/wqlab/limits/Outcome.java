package org.wqlab.limits;

import java.util.List;

/** A run's outcome against its limits: overall, and per limit with the measured value beside it. */
public record Outcome(Status overall, List<LimitOutcome> limits) {

    /** PASS, WARN (a soft value exceeded), FAIL (a hard value exceeded), NOT_JUDGED (see the reason). */
    public enum Status {
        PASS, WARN, FAIL, NOT_JUDGED;

        /** {@code pass}, {@code warn}, {@code fail}, {@code not judged}. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        }
    }

    /**
     * One limit's outcome. {@code measured}, {@code soft}, {@code hard} in the name's unit, null when absent.
     *
     * @param reason in words: {@code 1234.5 ms above the hard limit 1000 ms}, {@code not judged: ...}
     */
    public record LimitOutcome(LimitName name, Status status, Double measured, Double soft, Double hard,
            String reason) {
    }

    public Outcome {
        limits = List.copyOf(limits);
    }

    public boolean hardLimitExceeded() {
        return overall == Status.FAIL;
    }
}
