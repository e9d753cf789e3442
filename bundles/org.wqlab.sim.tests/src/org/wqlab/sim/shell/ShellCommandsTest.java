package org.wqlab.sim.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;

/** The board commands are found by name in their areas' table; a name is registered once. */
class ShellCommandsTest {

    private final Shell shell = new Shell(Board.virtual(Profiles.builtIn("rcar-h3-default")));

    @Test
    void everyBoardCommandIsRegisteredByName() {
        CommandTable table = ShellCommands.of(shell);
        for (String name : List.of("test", "[", "echo", "cat", "zcat", "ls", "stat", "rm", "mv", "mkdir", "rmdir", "wc",
                "grep", "head", "tail", "lsmod", "insmod", "modprobe", "rmmod", "modinfo", "taskset", "dd", "mount",
                "umount", "sync", "dmesg", "wqlab-board", "uhubctl", "usbmuxctl", "uname", "hostname", "nproc",
                "sleep")) {
            assertNotNull(table.get(name), name);
        }
        assertEquals(null, table.get("awk"));
    }

    @Test
    void aNameTakenTwiceFailsNamingIt() {
        CommandTable table = new CommandTable();
        table.add("probe", (args, in, out, err) -> 0);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> table.add("probe", (args, in, out, err) -> 1));
        assertTrue(e.getMessage().contains("'probe'"), e.getMessage());
    }

    @Test
    void aCommandOfOneClassRunsThroughTheShellLikeABuiltIn() {
        assertEquals(new Shell.Result(0, "8\n", ""), shell.run("nproc"));
        assertEquals(new Shell.Result(127, "", "sh: awk: not found\n"), shell.run("awk"));
    }
}
