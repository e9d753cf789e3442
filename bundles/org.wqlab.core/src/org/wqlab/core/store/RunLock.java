package org.wqlab.core.store;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lock a run holds in its experiment folder while it runs: {@code run.lock} with the process id and host, locked
 * with an operating-system file lock that ends with the process (also on {@code kill -9}). A folder whose status says
 * running but whose lock nobody holds belongs to a run that is gone.
 */
public final class RunLock implements AutoCloseable {

    public static final String FILE = "run.lock";

    /** Locks held by this JVM: closing any channel on a locked file would drop the process's lock on Linux. */
    private static final Set<Path> HELD_HERE = ConcurrentHashMap.newKeySet();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the folder's lock, writing who holds it; fails when another process holds it. */
    public static RunLock acquire(ExperimentFolder folder) throws IOException {
        Path file = folder.dir().resolve(FILE).toAbsolutePath().normalize();
        if (!HELD_HERE.add(file)) {
            throw new IOException(file + ": already locked by this process");
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new IOException(file + ": locked by another process (" + holder(channel) + ")");
            }
            channel.truncate(0);
            channel.write(StandardCharsets.UTF_8.encode(ProcessHandle.current().pid() + "@" + hostName() + "\n"));
            channel.force(false);
            return new RunLock(file, channel, lock);
        } catch (IOException | RuntimeException e) {
            HELD_HERE.remove(file);
            if (channel != null) {
                channel.close();
            }
            throw e;
        }
    }

    /** Whether a live process (this one or another) holds the folder's run lock. */
    public static boolean isHeld(Path dir) {
        Path file = dir.resolve(FILE).toAbsolutePath().normalize();
        if (HELD_HERE.contains(file)) {
            return true;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            FileLock probe = channel.tryLock(0, Long.MAX_VALUE, true);
            if (probe == null) {
                return true;
            }
            probe.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** Who wrote the lock ("pid@host"), or "" when there is no readable lock file. */
    public static String holder(Path dir) {
        try {
            return Files.readString(dir.resolve(FILE), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static String holder(FileChannel channel) throws IOException {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(256);
        channel.read(b, 0);
        b.flip();
        return StandardCharsets.UTF_8.decode(b).toString().strip();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown-host";
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
            channel.close();
        } finally {
            HELD_HERE.remove(file);
        }
    }
}
