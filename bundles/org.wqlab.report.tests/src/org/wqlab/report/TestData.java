package org.wqlab.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;

/**
 * The recorded experiments in {@code testdata/}: the default sequence run with {@code wqlab run --board
 * sim:PROFILE --sim-speed 40} on the three built-in simulator profiles, copied out of the bundle into a folder.
 */
public final class TestData {

    public static final List<String> PROFILES = List.of("default", "tailored", "linux6.12");
    private static final List<String> FILES = List.of("experiment.json", "kernel.log", "run.json");

    private TestData() {
    }

    public static Path copy(String profile, Path into) throws IOException {
        Path dir = into.resolve("sim-" + profile);
        Files.createDirectories(dir);
        for (String f : FILES) {
            try (InputStream in = TestData.class.getResourceAsStream("/testdata/sim-" + profile + "/" + f)) {
                if (in == null) {
                    throw new IOException("missing test resource testdata/sim-" + profile + "/" + f);
                }
                Files.copy(in, dir.resolve(f));
            }
        }
        return dir;
    }

    public static List<LoadedExperiment> load(Path into, List<String> profiles) throws IOException, InputException {
        List<LoadedExperiment> out = new ArrayList<>();
        for (String p : profiles) {
            out.add(ExperimentLoader.load(new ExperimentFolder(copy(p, into))));
        }
        return out;
    }
}
