package org.wqlab.sequence.run;

import java.util.function.BooleanSupplier;

/**
 * A line to match a pattern against that gives up at a deadline or when asked to stop: a regular expression that
 * backtracks catastrophically reads characters without end, so every few thousand reads check the clock and the
 * stop flag and throw {@link Stopped}.
 */
final class BoundedCharSequence implements CharSequence {

    /** Thrown out of {@code charAt} when the deadline passed or the stop flag is set. */
    static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super(null, null, false, false);
        }
    }

    private static final int CHECK_EVERY = 4096;

    private final CharSequence text;
    private final BooleanSupplier stop;
    private final int[] reads;

    /** @param stop says when the deadline passed or the step is cancelled */
    BoundedCharSequence(CharSequence text, BooleanSupplier stop) {
        this(text, stop, new int[1]);
    }

    private BoundedCharSequence(CharSequence text, BooleanSupplier stop, int[] reads) {
        this.text = text;
        this.stop = stop;
        this.reads = reads;
    }

    @Override
    public char charAt(int index) {
        if (++reads[0] >= CHECK_EVERY) {
            reads[0] = 0;
            if (stop.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                throw new Stopped();
            }
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new BoundedCharSequence(text.subSequence(start, end), stop, reads);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
