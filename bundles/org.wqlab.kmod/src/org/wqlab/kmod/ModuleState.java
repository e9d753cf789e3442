package org.wqlab.kmod;

import java.util.Map;

/** A module's state on a board, as /proc/modules and /sys/module/NAME/parameters/ show it. */
public sealed interface ModuleState {

    record NotLoaded(String name) implements ModuleState {
    }

    /** @param parameters the values sysfs shows (only parameters with a readable file) */
    record Loaded(String name, Map<String, String> parameters) implements ModuleState {
        public Loaded {
            parameters = Map.copyOf(parameters);
        }
    }
}
