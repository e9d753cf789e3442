package org.wqlab.ui.sequence;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.osgi.service.prefs.BackingStoreException;

/**
 * The sequence files run last, newest first (the Run button's drop-down, like the IDE's launch history), and whether
 * a dirty editor is saved before a run without asking. Kept in the workspace's instance preferences.
 */
public final class RunHistory {
    static final int SIZE = 5;
    private static final String NODE = "org.wqlab.ui.sequence";
    private static final String KEY = "run.history";
    private static final String ALWAYS_SAVE = "run.alwaysSave";

    private RunHistory() {
    }

    /** The files run last that still exist, newest first. */
    public static List<Path> files() {
        List<Path> out = new ArrayList<>();
        for (String line : node().get(KEY, "").split("\n")) {
            if (!line.isBlank() && Files.isRegularFile(Path.of(line))) {
                out.add(Path.of(line));
            }
        }
        return out;
    }

    static void add(Path file) {
        List<Path> list = files();
        Path absolute = file.toAbsolutePath().normalize();
        list.remove(absolute);
        list.add(0, absolute);
        List<String> lines = list.stream().limit(SIZE).map(Path::toString).toList();
        node().put(KEY, String.join("\n", lines));
        flush();
    }

    static boolean alwaysSave() {
        return node().getBoolean(ALWAYS_SAVE, false);
    }

    static void setAlwaysSave(boolean always) {
        node().putBoolean(ALWAYS_SAVE, always);
        flush();
    }

    private static IEclipsePreferences node() {
        return InstanceScope.INSTANCE.getNode(NODE);
    }

    private static void flush() {
        try {
            node().flush();
        } catch (BackingStoreException e) {
            // the history is a convenience: it still holds for this session when it cannot be written
        }
    }
}
