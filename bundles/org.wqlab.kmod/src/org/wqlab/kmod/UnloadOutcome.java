package org.wqlab.kmod;

import java.util.List;

public sealed interface UnloadOutcome {

    /** rmmod succeeded and /proc/modules no longer lists the module. */
    record Unloaded(String name) implements UnloadOutcome {
    }

    record WasNotLoaded(String name) implements UnloadOutcome {
    }

    record Failed(String name, String rmmodMessage, List<String> dmesgLines) implements UnloadOutcome {
        public Failed {
            dmesgLines = List.copyOf(dmesgLines);
        }
    }
}
