package org.wqlab.core.model;

public enum AnomalyKind {
    /** The original module's {@code DELAY:} with a negative value (its unsigned underflow). */
    NEGATIVE_DELAY,
    /** A delay too large to be real (an underflow seen as unsigned) or beyond the store's range. */
    IMPLAUSIBLE_DELAY,
    /** A line that starts like a latency_mon report or event but does not follow the line contract. */
    MALFORMED_REPORT,
    /** A line that is not text (NUL bytes or many control characters). */
    BINARY
}
