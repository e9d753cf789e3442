package org.wqlab.kmod;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The latency-mon sources a build starts from: the repository's kmod/ folder, shipped beside the product as
 * {@code <install>/kmod/} (root files of the feature), or a folder named by the system property
 * {@code wqlab.kmod.src}. They are not copied into this bundle: Tycho's pomless packaging skips symbolic links, and a
 * second copy in git would drift from kmod/. A build always works in a copy ({@link #copyTo}), never in place.
 */
public record KmodSources(Path dir) {

    public static final List<String> FILES = List.of("latency-mon.c", "Kbuild", "Makefile");
    /** The file kbuild produces from them (module name latency_mon). */
    public static final String MODULE_FILE = "latency-mon.ko";
    public static final String PROPERTY = "wqlab.kmod.src";

    /** @throws KmodException naming every place looked at, when none holds the three files */
    public static KmodSources locate() throws KmodException {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getProperty(PROPERTY);
        if (configured != null && !configured.isBlank()) {
            candidates.add(Path.of(configured));
        }
        String install = System.getProperty("osgi.install.area");
        if (install != null && !install.isBlank()) {
            try {
                candidates.add(Path.of(URI.create(install.replace(" ", "%20"))).resolve("kmod"));
            } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException notAFileUrl) {
                // an install area that is not a local folder holds no sources
            }
        }
        String repo = System.getProperty("wqlab.repo.root");
        if (repo != null && !repo.isBlank()) {
            candidates.add(Path.of(repo, "kmod"));
        }
        for (Path candidate : candidates) {
            if (FILES.stream().allMatch(f -> Files.isRegularFile(candidate.resolve(f)))) {
                return new KmodSources(candidate);
            }
        }
        throw new KmodException("latency-mon sources (" + String.join(", ", FILES) + ") not found in " + candidates
                + "; set -D" + PROPERTY + "=<folder with them>");
    }

    /** Copies the three files into {@code target} (created if needed) and returns it. */
    public Path copyTo(Path target) throws KmodException {
        try {
            Files.createDirectories(target);
            for (String file : FILES) {
                Files.copy(dir.resolve(file), target.resolve(file), StandardCopyOption.REPLACE_EXISTING);
            }
            return target;
        } catch (IOException e) {
            throw new KmodException("cannot copy the module sources from " + dir + " to " + target + ": "
                    + e.getMessage(), e);
        }
    }
}
