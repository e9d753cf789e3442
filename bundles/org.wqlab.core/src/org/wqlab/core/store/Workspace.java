package org.wqlab.core.store;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** A folder of experiments, one sub-folder each. */
public final class Workspace {

    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private final Path root;

    /** The folder of the workbench's default "experiments" project in its default workspace. */
    public static final String DEFAULT_FOLDER = "wqlab-workspace/experiments";

    /**
     * Where experiments are recorded unless a command says: the system property {@code wqlab.workspace}, else
     * {@code $WQLAB_WORKSPACE}, else {@code ~/wqlab-workspace/experiments}, the folder of the workbench's default
     * "experiments" project, so that runs from the command line show in the Experiments view.
     */
    public static Path defaultRoot() {
        String w = System.getProperty("wqlab.workspace");
        if (w == null || w.isEmpty()) {
            w = System.getenv("WQLAB_WORKSPACE");
        }
        return w == null || w.isEmpty() ? Path.of(System.getProperty("user.home")).resolve(DEFAULT_FOLDER) : Path.of(w);
    }

    /** Folders being filled by an import start with this; they are no experiments yet. */
    static final String STAGING_PREFIX = ".importing-";

    public Workspace(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Creates a new, empty experiment folder with a unique id made of the time and the name. */
    /** An experiment folder named by its path, or by its id (a folder name) in this workspace. */
    public Optional<ExperimentFolder> find(String pathOrId) {
        Path p = Path.of(pathOrId);
        if (Files.isDirectory(p)) {
            return Optional.of(new ExperimentFolder(p));
        }
        Path byId = root.resolve(pathOrId);
        return !pathOrId.contains("/") && Files.isDirectory(byId) ? Optional.of(new ExperimentFolder(byId))
                : Optional.empty();
    }

    public ExperimentFolder create(String name, Instant created) throws IOException {
        Files.createDirectories(root);
        String base = ID_TIME.format(created) + "-" + slug(name);
        for (int n = 1;; n++) {
            Path dir = root.resolve(n == 1 ? base : base + "-" + n);
            try {
                Files.createDirectory(dir);
                return new ExperimentFolder(dir);
            } catch (FileAlreadyExistsException e) {
                // try the next suffix
            }
        }
    }

    /**
     * A hidden folder beside {@code reserved} to fill before {@link #publish publishing} it under the reserved id, so
     * that an import cut short (kill -9, a full disk) never shows as a half-written experiment.
     */
    public ExperimentFolder staging(ExperimentFolder reserved) throws IOException {
        Path dir = root.resolve(STAGING_PREFIX + reserved.id());
        Files.createDirectory(dir);
        return new ExperimentFolder(dir);
    }

    /** Renames a filled staging folder onto its reserved (empty) experiment folder, in one step. */
    public void publish(ExperimentFolder staged, ExperimentFolder reserved) throws IOException {
        Files.move(staged.dir(), reserved.dir(), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** The experiment folders (those holding a metadata file or a kernel log), sorted by id; staging is hidden. */
    public List<ExperimentFolder> experiments() throws IOException {
        List<ExperimentFolder> out = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (Stream<Path> s = Files.list(root)) {
            s.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().startsWith(STAGING_PREFIX))
                    .filter(d -> Files.exists(d.resolve(ExperimentFolder.METADATA))
                            || Files.exists(d.resolve(ExperimentFolder.KERNEL_LOG)))
                    .sorted().forEach(d -> out.add(new ExperimentFolder(d)));
        }
        return out;
    }

    static String slug(String name) {
        String s = name.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-")
                .replaceAll("^[-.]+|-+$", "");
        if (s.length() > 40) {
            s = s.substring(0, 40);
        }
        return s.isEmpty() ? "experiment" : s;
    }
}
