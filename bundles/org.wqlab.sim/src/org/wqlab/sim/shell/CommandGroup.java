package org.wqlab.sim.shell;

/** Commands of one area (files, modules, USB, ...) that register themselves by name. */
interface CommandGroup {

    void addTo(CommandTable table);
}
