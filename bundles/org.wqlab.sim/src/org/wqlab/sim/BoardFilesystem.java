package org.wqlab.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The board's stored files and folders: regular files kept in memory (uploads, /lib/modules, redirections) and, once a
 * directory is mounted (the SFTP server's root), the files and folders on disk below it at the same paths. Knows
 * nothing of the generated proc, sys and trace files; {@link Board} puts both together.
 */
final class BoardFilesystem {

    /** Folders every board has, whether or not anything lies below them. */
    static final Set<String> STANDARD_DIRS = Set.of("/tmp", "/root", "/home", "/etc", "/var", "/run", "/dev",
            "/proc", "/sys", "/lib", "/usr", "/bin", "/sbin", "/mnt", "/run/media", "/var/tmp");

    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    /** Folders made by mkdir (a folder also exists when a file lies below it). */
    private final Set<String> dirs = ConcurrentHashMap.newKeySet();
    private volatile Path root;

    static String normalize(String path) {
        String p = path.replaceAll("/+", "/");
        if (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }

    static String parent(String p) {
        int slash = p.lastIndexOf('/');
        return slash <= 0 ? "/" : p.substring(0, slash);
    }

    void mount(Path directory) {
        this.root = directory;
    }

    /** Where {@code p} (normalized) lies in the mounted directory; empty without one or outside it. */
    private Optional<Path> onDisk(String p) {
        Path r = root;
        if (r == null) {
            return Optional.empty();
        }
        Path d = r.resolve(p.replaceFirst("^/", "")).normalize();
        return d.startsWith(r) ? Optional.of(d) : Optional.empty();
    }

    Optional<byte[]> read(String p) {
        byte[] b = files.get(p);
        if (b != null) {
            return Optional.of(b);
        }
        Optional<Path> disk = onDisk(p);
        if (disk.isPresent() && Files.isRegularFile(disk.get())) {
            try {
                return Optional.of(Files.readAllBytes(disk.get()));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    void putInMemory(String p, byte[] content) {
        files.put(p, content.clone());
    }

    boolean inMemory(String p) {
        return files.containsKey(p);
    }

    void removeFromMemory(String p) {
        files.remove(p);
    }

    /** A regular file in memory or on disk. */
    boolean isStoredFile(String p) {
        return files.containsKey(p) || onDisk(p).filter(Files::isRegularFile).isPresent();
    }

    /** The root, a standard folder, one made by mkdir, or a folder on disk. */
    boolean isStoredDirectory(String p) {
        return p.equals("/") || dirs.contains(p) || STANDARD_DIRS.contains(p)
                || onDisk(p).filter(Files::isDirectory).isPresent();
    }

    /**
     * Writes the file on disk when the folder above it exists in the mounted directory and the file is not held in
     * memory (so SFTP and the shell see the same file). @return whether it was written there
     */
    boolean writeThrough(String p, byte[] content) throws Board.WriteError {
        Optional<Path> disk = onDisk(p);
        if (disk.isEmpty() || files.containsKey(p) || disk.get().getParent() == null
                || !Files.isDirectory(disk.get().getParent())) {
            return false;
        }
        try {
            Files.write(disk.get(), content);
            return true;
        } catch (IOException e) {
            throw new Board.WriteError("Input/output error");
        }
    }

    boolean delete(String p) {
        boolean removed = files.remove(p) != null;
        Optional<Path> disk = onDisk(p);
        if (disk.isPresent() && Files.isRegularFile(disk.get())) {
            try {
                removed |= Files.deleteIfExists(disk.get());
            } catch (IOException e) {
                // stays; the caller reports it as not removed
            }
        }
        return removed;
    }

    /** Makes the folder (its parent exists): the errno text, or null. */
    String makeDirectory(String p) {
        dirs.add(p);
        Optional<Path> disk = onDisk(p);
        if (disk.isPresent()) {
            try {
                Files.createDirectories(disk.get());
            } catch (IOException e) {
                dirs.remove(p);
                return "Input/output error";
            }
        }
        return null;
    }

    /** Removes the (empty) folder: the errno text, or null. */
    String removeDirectory(String p) {
        dirs.remove(p);
        Optional<Path> disk = onDisk(p);
        if (disk.isPresent()) {
            try {
                Files.deleteIfExists(disk.get());
            } catch (IOException e) {
                return "Directory not empty";
            }
        }
        return null;
    }

    /** The paths of the files in memory, sorted. */
    List<String> memoryFiles() {
        return new ArrayList<>(new TreeMap<>(files).keySet());
    }

    /** Every stored path that may lie below {@code dir}: memory files, made folders and the entries on disk. */
    List<String> pathsFor(String dir) {
        List<String> all = new ArrayList<>(files.keySet());
        all.addAll(dirs);
        Optional<Path> diskDir = onDisk(dir);
        if (diskDir.isPresent() && Files.isDirectory(diskDir.get())) {
            try (Stream<Path> entries = Files.list(diskDir.get())) {
                entries.forEach(e -> all.add((dir.equals("/") ? "" : dir) + "/" + e.getFileName()));
            } catch (IOException e) {
                // an unreadable upload folder lists as empty
            }
        }
        return all;
    }
}
