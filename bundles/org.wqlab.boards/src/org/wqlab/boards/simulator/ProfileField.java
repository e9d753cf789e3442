package org.wqlab.boards.simulator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.SimulatedBoardProfile;

/**
 * The simulated board's one dialog setting: the kernel profile its simulator runs, a built-in one or a profile file
 * in the twins folder (a twin calibrated from a board's recorded runs: {@code wqlab predict --save-twin}).
 */
final class ProfileField {
    static final String ID = "profile";

    private static final Map<String, String> LABELS = Map.of(
            "rcar-h3-default", "rcar-h3-default (default config: about 6.5 s stall)",
            "rcar-h3-tailored", "rcar-h3-tailored (tailored config: about 2.3 s)",
            "rcar-h3-linux6.12", "rcar-h3-linux6.12 (Linux 6.12: about 1 s, then CPU_INTENSIVE)");

    private ProfileField() {
    }

    /** The saved value, as it is (a boards file may hold one no built-in profile has). */
    static String value(BoardEntry entry) {
        return entry.settings().getOrDefault(ID, Profiles.DEFAULT);
    }

    /** @throws IllegalArgumentException naming the field when the value is no built-in profile nor a profile file */
    static String check(String value) {
        if (Profiles.BUILT_IN.contains(value)) {
            return value;
        }
        if (value.endsWith(".json") && Files.isRegularFile(Path.of(value))) {
            try {
                Profiles.load(Path.of(value));
                return value;
            } catch (IOException | IllegalArgumentException e) {
                throw new IllegalArgumentException("field " + ID + ": " + e.getMessage(), e);
            }
        }
        throw new IllegalArgumentException("field " + ID + ": no built-in kernel profile '" + value + "' (known: "
                + String.join(", ", Profiles.BUILT_IN) + ") and no profile file of that name");
    }

    static BoardEntry apply(BoardEntry entry, Map<String, String> values) {
        if (!values.containsKey(ID)) {
            return entry;
        }
        Map<String, String> settings = new HashMap<>(entry.settings());
        settings.put(ID, check(values.get(ID)));
        return entry.withSettings(settings);
    }

    /** The built-in profiles, then every profile file in {@code twins} that loads (looked at each time asked). */
    static List<BoardField> fields(Path twins) {
        List<BoardField.Choice> choices = new ArrayList<>(
                Profiles.BUILT_IN.stream().map(p -> new BoardField.Choice(p, LABELS.get(p))).toList());
        choices.addAll(twinChoices(twins));
        return List.of(new BoardField(ID, "&Kernel profile:", "The simulated kernel the board runs: a built-in one, or a"
                + " twin calibrated from a board's runs (profile files in " + twins + "); a change takes effect at the"
                + " board's next connect", choices));
    }

    private static List<BoardField.Choice> twinChoices(Path twins) {
        if (!Files.isDirectory(twins)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(twins)) {
            List<BoardField.Choice> out = new ArrayList<>();
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                try {
                    SimulatedBoardProfile p = Profiles.load(f);
                    out.add(new BoardField.Choice(f.toString(), "twin " + f.getFileName() + " (" + p.name() + ", "
                            + p.kernelRelease() + ")"));
                } catch (IOException | IllegalArgumentException notAProfile) {
                    // a file that is not a profile is not offered; connecting a board saved with it names why
                }
            }
            return out;
        } catch (IOException e) {
            return List.of();
        }
    }
}
