package org.wqlab.ui.experiments.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.wqlab.analysis.experiments.Baselines;
import org.wqlab.analysis.experiments.ExperimentSummaries;
import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.FolderWatcher;
import org.wqlab.limits.LimitsJson;

/**
 * Every experiment of every open wqlab project, summarised off the UI thread and kept up to date: a resource
 * change in a wqlab project or a file-system change seen by the {@link FolderWatcher} (a run writing its
 * {@code experiment.json}) schedules one coalesced re-scan. Summaries are cached by the files' size and time, so
 * a re-scan parses only experiments that changed. The workbench's one catalog is an OSGi service (a DS component,
 * see OSGI-INF); parts get it by injection. It starts listening and scanning when first used, not when the component
 * activates: that can be before the application has chosen the workspace.
 */
public final class ExperimentCatalog {
    /** Changes arriving within this many milliseconds are merged into one re-scan. */
    static final long COALESCE_MS = 250;

    private final Map<Path, Cached> cache = new HashMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final Job scan;
    private final FolderWatcher watcher;
    private volatile List<ExperimentSummary> current = List.of();
    private volatile long generation;

    private record Cached(long logSize, long logModified, long metaModified, long limitsModified,
            ExperimentSummary summary) {
    }

    private final IResourceChangeListener onResources = this::resourcesChanged;
    private boolean started;

    public ExperimentCatalog() {
        scan = Job.create("Reading wqlab experiments", this::scan);
        scan.setSystem(true);
        watcher = new FolderWatcher(this::filesChanged);
    }

    private synchronized void startOnce() {
        if (!started) {
            started = true;
            ResourcesPlugin.getWorkspace().addResourceChangeListener(onResources, IResourceChangeEvent.POST_CHANGE);
            scan.schedule();
        }
    }

    /** Stops listening and watching (the component's deactivation). */
    public synchronized void stop() {
        if (started) {
            started = false;
            ResourcesPlugin.getWorkspace().removeResourceChangeListener(onResources);
            scan.cancel();
            watcher.close();
        }
    }

    /** The experiments as of the last scan, by date (newest first). */
    public List<ExperimentSummary> experiments() {
        startOnce();
        return current;
    }

    /** Counts finished scans; tests wait for it to move. */
    public long generation() {
        startOnce();
        return generation;
    }

    /** Called (on a worker thread) after each scan. */
    public void addListener(Runnable listener) {
        listeners.add(listener);
        startOnce();
    }

    public void removeListener(Runnable listener) {
        listeners.remove(listener);
    }

    /** Asks for a re-scan; many requests in a short time give one scan. */
    public void refresh() {
        startOnce();
        scan.schedule(COALESCE_MS);
    }

    private void resourcesChanged(IResourceChangeEvent event) {
        IResourceDelta delta = event.getDelta();
        if (delta == null) {
            return;
        }
        for (IResourceDelta child : delta.getAffectedChildren()) {
            if (child.getResource() instanceof IProject p
                    && (ExperimentProjects.isExperimentProject(p) || child.getKind() == IResourceDelta.REMOVED
                            || (child.getFlags() & (IResourceDelta.OPEN | IResourceDelta.DESCRIPTION)) != 0)) {
                refresh();
                return;
            }
        }
    }

    private void filesChanged(Path root) {
        refresh();
        for (IProject p : ExperimentProjects.projects()) {
            if (p.getLocation() != null && p.getLocation().toPath().equals(root)) {
                ProjectSync.schedule(p);
            }
        }
    }

    private IStatus scan(IProgressMonitor monitor) {
        List<ExperimentSummary> found = new ArrayList<>();
        Set<Path> roots = new HashSet<>();
        Set<Path> seen = new HashSet<>();
        for (IProject p : ExperimentProjects.projects()) {
            if (monitor.isCanceled()) {
                return Status.CANCEL_STATUS;
            }
            if (p.getLocation() == null) {
                continue;
            }
            roots.add(p.getLocation().toPath());
            List<ExperimentFolder> folders;
            try {
                folders = ExperimentProjects.workspaceOf(p).experiments();
            } catch (IOException e) {
                continue;
            }
            for (ExperimentFolder f : folders) {
                seen.add(f.dir());
                found.add(summary(f));
            }
        }
        synchronized (cache) {
            cache.keySet().retainAll(seen);
        }
        found.sort(Comparator.comparing(ExperimentSummary::created).reversed()
                .thenComparing(ExperimentSummary::id));
        current = List.copyOf(baselines().annotate(found));
        generation++;
        watcher.watch(roots, seen);
        for (Runnable l : listeners) {
            l.run();
        }
        return Status.OK_STATUS;
    }

    private ExperimentSummary summary(ExperimentFolder f) {
        long logSize = size(f.kernelLog());
        long logModified = modified(f.kernelLog());
        long metaModified = modified(f.metadataFile());
        long limitsModified = modified(f.dir().resolve(LimitsJson.FILE));
        synchronized (cache) {
            Cached c = cache.get(f.dir());
            if (c != null && c.logSize == logSize && c.logModified == logModified && c.metaModified == metaModified
                    && c.limitsModified == limitsModified) {
                return c.summary;
            }
        }
        ExperimentSummary s = ExperimentSummaries.read(f);
        synchronized (cache) {
            cache.put(f.dir(), new Cached(logSize, logModified, metaModified, limitsModified, s));
        }
        return s;
    }

    /**
     * Where the baselines of the boards are kept: this bundle's state folder in the workspace's metadata (what
     * Platform.getStateLocation gives, found without the OSGi bundle object), not in a project.
     */
    static Path baselinesFile() {
        return ResourcesPlugin.getWorkspace().getRoot().getLocation().toPath().resolve(".metadata")
                .resolve(".plugins").resolve("org.wqlab.ui.experiments").resolve(Baselines.FILE);
    }

    /** The boards' baselines; none when the file cannot be read (the Error Log says why). */
    public Baselines baselines() {
        try {
            return Baselines.read(baselinesFile());
        } catch (InputException e) {
            Platform.getLog(ExperimentCatalog.class).warn(e.getMessage());
            return Baselines.none();
        }
    }

    /** Makes {@code experiment} the baseline of its board (file I/O: call it from a Job), then re-scans. */
    public void setBaseline(ExperimentSummary experiment) throws IOException {
        baselines().with(experiment.board(), experiment.dir()).write(baselinesFile());
        refresh();
    }

    /** The board of {@code experiment} has no baseline any more (file I/O: call it from a Job). */
    public void clearBaseline(ExperimentSummary experiment) throws IOException {
        baselines().without(experiment.board()).write(baselinesFile());
        refresh();
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return -1;
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return -1;
        }
    }
}
