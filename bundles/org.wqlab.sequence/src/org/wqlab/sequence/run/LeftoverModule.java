package org.wqlab.sequence.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.AtomicFiles;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.kmod.KmodException;
import org.wqlab.kmod.ModuleIdentity;
import org.wqlab.kmod.ModuleStatus;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

import com.google.gson.JsonParser;

/**
 * A module of the name a load step loads that is loaded already before it: one a run of this board left when it was
 * killed (its srcversion is the one that interrupted experiment recorded), the very module about to be loaded, or
 * someone else's. The identity of every module a run loads is written into its folder as soon as it is loaded, so a
 * run killed before its end leaves the record.
 */
final class LeftoverModule {

    static final String LOADED_FILE = "loaded-module.json";

    /** What is loaded under the name, and whether it is safe to unload. */
    sealed interface Finding {
        record NotLoaded() implements Finding {
        }

        /** Ours: {@code why} says which run left it, or that it is the module about to be loaded. */
        record Ours(String srcversion, String why) implements Finding {
        }

        record Foreign(String srcversion) implements Finding {
        }
    }

    private LeftoverModule() {
    }

    static void record(ExperimentFolder folder, ModuleIdentity identity) throws IOException {
        AtomicFiles.write(folder.dir().resolve(LOADED_FILE),
                (identity.toJson().toString() + "\n").getBytes(StandardCharsets.UTF_8));
    }

    static Finding find(BoardConnection c, String name, Optional<String> srcversionToLoad, Workspace workspace,
            ExperimentFolder current, Duration timeout) throws TransportException, KmodException {
        if (!ModuleStatus.isListed(c, name, timeout)) {
            return new Finding.NotLoaded();
        }
        ExecResult r = c.run(Command.of("cat").arg("/sys/module/" + name + "/srcversion"), timeout);
        String loaded = r.succeeded() ? r.stdoutText().strip() : "";
        if (loaded.isEmpty()) {
            return new Finding.Foreign("unknown");
        }
        Optional<String> run = interruptedRunThatLoaded(workspace, current, c.profile().name(), name, loaded);
        if (run.isPresent()) {
            return new Finding.Ours(loaded, "left by the interrupted experiment " + run.get());
        }
        if (srcversionToLoad.isPresent() && srcversionToLoad.get().equals(loaded)) {
            return new Finding.Ours(loaded, "the module this step loads");
        }
        return new Finding.Foreign(loaded);
    }

    /** The id of an interrupted experiment of {@code board} that loaded {@code name} with {@code srcversion}. */
    private static Optional<String> interruptedRunThatLoaded(Workspace workspace, ExperimentFolder current,
            String board, String name, String srcversion) {
        java.util.List<ExperimentFolder> experiments;
        try {
            experiments = workspace.experiments().reversed();
        } catch (IOException e) {
            return Optional.empty();
        }
        for (ExperimentFolder f : experiments) {
            Path loadedFile = f.dir().resolve(LOADED_FILE);
            if (f.equals(current) || !Files.exists(loadedFile)) {
                continue;
            }
            try {
                ExperimentMetadata m = f.readMetadata();
                if (m.status() != ExperimentStatus.INTERRUPTED || !board.equals(m.boardFacts().get("board"))) {
                    continue;
                }
                ModuleIdentity id = ModuleIdentity.fromJson(JsonParser.parseString(
                        Files.readString(loadedFile, StandardCharsets.UTF_8)).getAsJsonObject());
                if (id.name().equals(name) && id.srcversion().equals(srcversion)) {
                    return Optional.of(f.id());
                }
            } catch (IOException | InputException | RuntimeException e) {
                // a damaged experiment proves nothing
            }
        }
        return Optional.empty();
    }
}
