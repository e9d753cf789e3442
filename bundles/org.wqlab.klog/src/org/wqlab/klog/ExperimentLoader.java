package org.wqlab.klog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.ImportSource;
import org.wqlab.core.model.InputException;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.store.AtomicFiles;
import org.wqlab.core.store.DamagedExperimentException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.KernelLogCheck;
import org.wqlab.core.store.LoadProblem;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.LogDerivations;
import org.wqlab.core.store.RawLogAppender;
import org.wqlab.core.store.SampleCache;
import org.wqlab.core.store.SourceCopy;
import org.wqlab.core.store.Workspace;
import org.wqlab.core.store.WorkspaceContents;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;

/** Glues the klog grammar to the core experiment store: import a log, load an experiment, load a workspace. */
public final class ExperimentLoader {

    private ExperimentLoader() {
    }

    private static final System.Logger LOG = System.getLogger(ExperimentLoader.class.getName());

    /**
     * Loads one experiment: metadata checked, samples and events read from its {@link SampleCache} when that is of
     * the kernel log as it is now, otherwise parsed from the log (and the cache rebuilt, unless the run is still
     * under way). A kernel log that is missing, empty or not what its run or import left is refused with
     * {@link DamagedExperimentException}.
     */
    public static LoadedExperiment load(ExperimentFolder folder) throws InputException {
        ExperimentMetadata metadata = requireIntact(folder);
        Path log = folder.kernelLog();
        if (!Files.exists(log)) {
            return new LoadedExperiment(folder, metadata, new LogContentSink().content(0));
        }
        SampleCache.Lookup cached = SampleCache.read(folder, ParserFingerprint.VALUE);
        if (cached.verdict() == SampleCache.Verdict.VALID) {
            return new LoadedExperiment(folder, metadata, cached.content(), cached.derivations());
        }
        SampleCache.LogKey key = keyOf(log);
        int year = LogYear.fromFacts(metadata.boardFacts()).map(LogYear::year).orElse(0);
        LoadedExperiment loaded = new LoadedExperiment(folder, metadata, KlogFiles.read(log, year));
        if (key != null && metadata.status() != ExperimentStatus.RUNNING) {
            writeCache(folder, key, loaded.derivations(), cached.verdict());
        }
        return loaded;
    }

    /** Whether the folder's sample cache is of its kernel log as it is now and of this parser, and if not why. */
    public static SampleCache.Verdict cacheVerdict(ExperimentFolder folder) {
        return SampleCache.read(folder, ParserFingerprint.VALUE).verdict();
    }

    private static SampleCache.LogKey keyOf(Path log) {
        try {
            return SampleCache.LogKey.of(log);
        } catch (IOException e) {
            return null; // the parse that follows reports an unreadable log
        }
    }

    /**
     * A cache that cannot be written (a read-only folder, a full disk) only costs the next open a parse. The
     * statistics and the plot columns it holds are computed first, one on each core, and stay with the experiment.
     */
    private static void writeCache(ExperimentFolder folder, SampleCache.LogKey key, LogDerivations derived,
            SampleCache.Verdict why) {
        if (why != SampleCache.Verdict.MISSING) {
            LOG.log(System.Logger.Level.INFO, "{0}: rebuilding it from the kernel log ({1})",
                    SampleCache.file(folder), why);
        }
        try {
            CompletableFuture<?> columns = CompletableFuture.runAsync(derived::plotColumns);
            derived.statistics();
            columns.join();
            SampleCache.write(folder, key, ParserFingerprint.VALUE, derived);
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "{0}: not written ({1})", SampleCache.file(folder), e.toString());
        }
    }

    /**
     * The experiment's metadata when its kernel log is what its run or import left (for what reads stored results
     * such as {@code analysis.json} without parsing the log); a damaged one throws {@link DamagedExperimentException}.
     */
    public static ExperimentMetadata requireIntact(ExperimentFolder folder) throws InputException {
        ExperimentMetadata metadata = folder.readMetadata();
        var damage = KernelLogCheck.damage(folder, metadata);
        if (damage.isPresent()) {
            throw new DamagedExperimentException(folder, metadata, damage.get());
        }
        return metadata;
    }

    /** Loads every experiment of a workspace; a damaged one becomes a problem, the others still load. */
    public static WorkspaceContents loadWorkspace(Workspace workspace) throws IOException {
        List<LoadedExperiment> loaded = new ArrayList<>();
        List<LoadProblem> problems = new ArrayList<>();
        for (ExperimentFolder folder : workspace.experiments()) {
            try {
                loaded.add(load(folder));
            } catch (InputException e) {
                problems.add(new LoadProblem(folder.dir(), e.file(), e.line(), e.getMessage()));
            }
        }
        return new WorkspaceContents(loaded, problems);
    }

    /**
     * Imports a log file as a new experiment through the installed importers ({@link LogImporters#installed()}):
     * the first that reads the file writes {@code kernel.log}, which is parsed in the same pass; a file no importer
     * reads, or that is not kernel log text, is refused and leaves no experiment behind. When the importer converted
     * the file, the file itself is kept byte for byte in {@code source/} ({@link #keepSource}).
     */
    public static LoadedExperiment importLog(Workspace workspace, Path log, String name, Instant created)
            throws InputException, IOException {
        return importLog(workspace, log, name, created, LogImporters.installed(), ImportExtras.NONE);
    }

    /** As {@link #importLog(Workspace, Path, String, Instant)}, asking the given importers. */
    public static LoadedExperiment importLog(Workspace workspace, Path log, String name, Instant created,
            LogImporters importers) throws InputException, IOException {
        return importLog(workspace, log, name, created, importers, ImportExtras.NONE);
    }

    /**
     * As {@link #importLog(Workspace, Path, String, Instant)}, asking the given importers, with {@code extras}'
     * facts and files added to the experiment before it appears.
     */
    public static LoadedExperiment importLog(Workspace workspace, Path log, String name, Instant created,
            LogImporters importers, ImportExtras extras) throws InputException, IOException {
        if (!Files.isRegularFile(log)) {
            throw new InputException(log, 0, Files.exists(log) ? "not a regular file" : "no such file");
        }
        try {
            importers.readerOf(log, LogHead.of(log)); // refused before a folder is reserved
        } catch (IOException e) {
            throw new InputException(log, 0, "cannot read: " + e.getMessage(), e);
        }
        ExperimentFolder reserved = workspace.create(name, created);
        ExperimentFolder folder = workspace.staging(reserved);
        boolean ok = false;
        try {
            ImportedLog imported;
            try (RawLogAppender out = folder.openKernelLog()) {
                imported = ImportedLog.read(log, importers, out::append);
            }
            LogContent content = imported.content();
            String note = imported.note();
            LogImporter importer = imported.importer();
            String from = extras.origin().isEmpty() ? log.toAbsolutePath().toString() : extras.origin();
            String notes = "imported from " + from + " (" + importer.name() + ")"
                    + (note.isEmpty() ? "" : "; " + note)
                    + imported.year().map(y -> "; " + y.note()).orElse("");
            Map<String, String> facts = sourceFacts(log, imported);
            facts.putAll(extras.facts());
            ExperimentMetadata metadata = ExperimentMetadata.of(reserved.id(), name, created,
                    ExperimentStatus.COMPLETED)
                    .withNotes(notes).withBoardFacts(facts).withSource(keepSource(folder, log, importer));
            for (Map.Entry<String, byte[]> f : extras.files().entrySet()) {
                AtomicFiles.write(folder.dir().resolve(f.getKey()), f.getValue());
            }
            Event start = lastStart(content.events());
            if (start != null) {
                Map<String, String> params = new LinkedHashMap<>(start.fields());
                metadata = metadata.withModule("latency_mon", params);
            }
            metadata = metadata.withKernelLog(KernelLogCheck.seal(folder.kernelLog()));
            folder.writeMetadata(metadata);
            workspace.publish(folder, reserved);
            ok = true;
            LoadedExperiment loaded = new LoadedExperiment(reserved, metadata, content);
            SampleCache.LogKey key = keyOf(reserved.kernelLog());
            if (key != null) {
                writeCache(reserved, key, loaded.derivations(), SampleCache.Verdict.MISSING);
            }
            return loaded;
        } finally {
            if (!ok) {
                deleteQuietly(folder.dir());
                deleteQuietly(reserved.dir());
            }
        }
    }

    /**
     * The record of the file imported, kept byte for byte: an importer that copies the file unchanged left it as
     * {@code kernel.log} already (a 1 GB log is not copied twice); any other's source is copied into
     * {@code source/}, with its SHA-256, since the kernel log holds only the lines the importer took from it.
     */
    private static ImportSource keepSource(ExperimentFolder folder, Path log, LogImporter importer)
            throws IOException {
        long bytes = Files.size(log);
        if (importer.copiesUnchanged() && Files.size(folder.kernelLog()) == bytes) {
            return new ImportSource(log.getFileName().toString(), ExperimentFolder.KERNEL_LOG, bytes, null,
                    importer.id());
        }
        return SourceCopy.keep(folder, log, importer.id());
    }

    /**
     * The source's modification time (the copy gets a new one) and the year read for dates without one: a later
     * parse of the copy ({@link #load}) reads them with the same year.
     */
    private static Map<String, String> sourceFacts(Path log, ImportedLog imported) throws IOException {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put(LogYear.FACT_SOURCE_MODIFIED, Files.getLastModifiedTime(log).toInstant().toString());
        imported.year().ifPresent(y -> {
            facts.put(LogYear.FACT_YEAR, Integer.toString(y.year()));
            facts.put(LogYear.FACT_BASIS, y.basis());
        });
        return facts;
    }

    private static Event lastStart(List<Event> events) {
        Event start = null;
        for (Event e : events) {
            if (e.kind() == EventKind.MODULE_START) {
                start = e;
            }
        }
        return start;
    }

    /** Removes a folder an import left unfinished, with everything in it. */
    private static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // leave it; the workspace loader reports an experiment without metadata
        }
    }
}
