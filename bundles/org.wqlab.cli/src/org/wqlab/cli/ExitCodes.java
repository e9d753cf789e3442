package org.wqlab.cli;

/**
 * The exit codes of every verb (README.md lists them). A verb that handles several things (several logs, several
 * boards, several experiments) exits with the most serious of theirs: a broken input or run hides a verdict, never
 * the reverse.
 */
public final class ExitCodes {

    /** Passed, or only warnings. */
    public static final int OK = 0;
    /** A step or the run failed (or another failure: I/O, an internal error). */
    public static final int FAILURE = 1;
    /** Bad input: a file, an argument, a limit; the message names the file, line or field. */
    public static final int BAD_INPUT = 2;
    /** The run or experiment exceeded a hard limit. */
    public static final int LIMIT_EXCEEDED = 3;

    private ExitCodes() {
    }

    /** The most serious of the codes by the order 2 > 1 > 3 > 0; 0 for none. */
    public static int mostSerious(int... codes) {
        int worst = OK;
        for (int c : codes) {
            if (rank(c) > rank(worst)) {
                worst = c;
            }
        }
        return worst;
    }

    private static int rank(int code) {
        return switch (code) {
            case BAD_INPUT -> 3;
            case FAILURE -> 2;
            case LIMIT_EXCEEDED -> 1;
            case OK -> 0;
            default -> 2; // an unknown code is a failure
        };
    }
}
