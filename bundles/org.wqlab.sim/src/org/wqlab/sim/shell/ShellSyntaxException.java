package org.wqlab.sim.shell;

/** A command line the shell cannot parse (unterminated quote, operator without a command). */
public final class ShellSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;

    public ShellSyntaxException(String message) {
        super(message);
    }
}
