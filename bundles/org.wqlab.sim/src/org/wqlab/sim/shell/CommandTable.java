package org.wqlab.sim.shell;

import java.util.HashMap;
import java.util.Map;

/** The shell's commands by name. */
final class CommandTable {

    private final Map<String, ShellCommand> byName = new HashMap<>();

    /** @throws IllegalStateException when the name is taken: two commands must not silently shadow each other */
    void add(String name, ShellCommand command) {
        if (byName.putIfAbsent(name, command) != null) {
            throw new IllegalStateException("shell command '" + name + "' is registered twice");
        }
    }

    /** @return null when no command has that name */
    ShellCommand get(String name) {
        return byName.get(name);
    }
}
