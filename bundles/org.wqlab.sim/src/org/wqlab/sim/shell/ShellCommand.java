package org.wqlab.sim.shell;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;

/**
 * One command of the simulated board's shell, run by the name it is registered under in {@link ShellCommands}. A new
 * board command is a class implementing this (constructed with the {@link Shell} it runs in) and one line there.
 */
@FunctionalInterface
interface ShellCommand {

    /** @return the exit status */
    int run(List<String> args, InputStream in, PrintStream out, PrintStream err);
}
