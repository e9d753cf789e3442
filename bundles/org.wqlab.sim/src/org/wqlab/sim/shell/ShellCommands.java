package org.wqlab.sim.shell;

import java.util.List;

/** Every board command of the shell, by area; the shell's own builtins (exit, export, sh, ...) are in {@link Shell}. */
final class ShellCommands {

    private ShellCommands() {
    }

    static CommandTable of(Shell shell) {
        KernelLogCommands log = new KernelLogCommands(shell);
        CommandTable table = new CommandTable();
        for (CommandGroup group : List.of(new TestCommand(shell), new FileCommands(shell, log), log,
                new ModuleCommands(shell), new StorageCommands(shell), new UsbCommands(shell),
                new SystemCommands(shell))) {
            group.addTo(table);
        }
        return table;
    }
}
