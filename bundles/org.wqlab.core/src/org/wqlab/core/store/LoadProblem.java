package org.wqlab.core.store;

import java.nio.file.Path;

/** Why one experiment of a workspace could not be loaded; {@code line} is 0 when not tied to a line. */
public record LoadProblem(Path folder, Path file, long line, String message) {
}
