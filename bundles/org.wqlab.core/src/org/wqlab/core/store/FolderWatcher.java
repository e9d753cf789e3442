package org.wqlab.core.store;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;


/**
 * Watches the experiments folders of the wqlab projects (kernel notifications, no polling) and reports the project
 * root whose experiments changed: an experiment folder created or removed, or an experiment's metadata or run
 * record rewritten (a run starting or ending). Growth of the raw log is ignored: it would wake the UI every flush.
 */
public final class FolderWatcher {
    private final Consumer<Path> onChange;
    private final Map<Path, WatchKey> keys = new HashMap<>();
    private final Map<WatchKey, Path> rootOfKey = new HashMap<>();
    private WatchService service;

    public FolderWatcher(Consumer<Path> onChange) {
        this.onChange = onChange;
    }

    /** Watches exactly these roots and experiment folders from now on. */
    public synchronized void watch(Set<Path> roots, Set<Path> experimentDirs) {
        try {
            if (service == null) {
                WatchService started = FileSystems.getDefault().newWatchService();
                service = started;
                Thread t = new Thread(() -> loop(started), "wqlab experiments watcher");
                t.setDaemon(true);
                t.start();
            }
            keys.entrySet().removeIf(e -> {
                boolean gone = !roots.contains(e.getKey()) && !experimentDirs.contains(e.getKey());
                if (gone) {
                    e.getValue().cancel();
                    rootOfKey.remove(e.getValue());
                }
                return gone;
            });
            for (Path root : roots) {
                register(root, root);
            }
            for (Path dir : experimentDirs) {
                register(dir, dir.getParent());
            }
        } catch (IOException e) {
            // without notifications the view still refreshes on resource changes and on demand
        }
    }

    private void register(Path dir, Path root) {
        if (keys.containsKey(dir)) {
            return;
        }
        try {
            WatchKey key = dir.register(service, ENTRY_CREATE, ENTRY_DELETE, ENTRY_MODIFY);
            keys.put(dir, key);
            rootOfKey.put(key, root);
        } catch (IOException e) {
            // a folder deleted meanwhile: the next scan forgets it
        }
    }

    /** Stops watching; the watcher thread ends. A later {@link #watch} starts again. */
    public synchronized void close() {
        if (service == null) {
            return;
        }
        try {
            service.close();
        } catch (IOException e) {
            // closing anyway
        }
        service = null;
        keys.clear();
        rootOfKey.clear();
    }

    private void loop(WatchService watched) {
        while (true) {
            WatchKey key;
            try {
                key = watched.take();
            } catch (InterruptedException | ClosedWatchServiceException e) {
                return;
            }
            Path root;
            Path dir;
            synchronized (this) {
                root = rootOfKey.get(key);
                dir = (Path) key.watchable();
            }
            boolean relevant = false;
            for (WatchEvent<?> event : key.pollEvents()) {
                if (event.kind() == OVERFLOW) {
                    relevant = true;
                } else if (event.context() instanceof Path name) {
                    relevant |= matters(root != null && root.equals(dir), name.toString());
                }
            }
            key.reset();
            if (relevant && root != null) {
                onChange.accept(root);
            }
        }
    }

    private static boolean matters(boolean inRoot, String name) {
        if (inRoot) {
            return !name.startsWith(".");
        }
        return name.equals(ExperimentFolder.METADATA) || name.equals("run.json");
    }
}
