package org.wqlab.boards.simulator;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.sim.Profiles;

/** The simulated board's one dialog setting: the built-in kernel profile its simulator runs. */
final class ProfileField {
    static final String ID = "profile";

    private static final Map<String, String> LABELS = Map.of(
            "rcar-h3-default", "rcar-h3-default (default config: about 6.5 s stall)",
            "rcar-h3-tailored", "rcar-h3-tailored (tailored config: about 2.3 s)",
            "rcar-h3-linux6.12", "rcar-h3-linux6.12 (Linux 6.12: about 1 s, then CPU_INTENSIVE)");

    static final BoardField FIELD = new BoardField(ID, "&Kernel profile:",
            "The simulated kernel the board runs; a change takes effect at the board's next connect",
            Profiles.BUILT_IN.stream().map(p -> new BoardField.Choice(p, LABELS.get(p))).toList());

    private ProfileField() {
    }

    /** The saved value, as it is (a boards file may hold one no built-in profile has). */
    static String value(BoardEntry entry) {
        return entry.settings().getOrDefault(ID, Profiles.DEFAULT);
    }

    /** @throws IllegalArgumentException naming the field when the value is no built-in profile */
    static String check(String value) {
        if (!Profiles.BUILT_IN.contains(value)) {
            throw new IllegalArgumentException("field " + ID + ": no built-in kernel profile '" + value + "' (known: "
                    + String.join(", ", Profiles.BUILT_IN) + ")");
        }
        return value;
    }

    static BoardEntry apply(BoardEntry entry, Map<String, String> values) {
        if (!values.containsKey(ID)) {
            return entry;
        }
        Map<String, String> settings = new HashMap<>(entry.settings());
        settings.put(ID, check(values.get(ID)));
        return entry.withSettings(settings);
    }

    static List<BoardField> fields() {
        return List.of(FIELD);
    }
}
