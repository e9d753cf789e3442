package org.wqlab.analysis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.wqlab.core.model.InputException;
import org.wqlab.core.store.AtomicFiles;
import org.wqlab.core.store.ExperimentFolder;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

/** The files this bundle adds to an experiment folder: {@code trace.log} (raw trace_pipe) and {@code analysis.json}. */
public final class AnalysisFiles {

    public static final String TRACE_LOG = "trace.log";
    public static final String ANALYSIS = "analysis.json";

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    private AnalysisFiles() {
    }

    public static Path traceLog(ExperimentFolder folder) {
        return folder.dir().resolve(TRACE_LOG);
    }

    public static Path analysisFile(ExperimentFolder folder) {
        return folder.dir().resolve(ANALYSIS);
    }

    public static void write(ExperimentFolder folder, Analysis analysis) throws IOException {
        AtomicFiles.write(analysisFile(folder), (GSON.toJson(analysis) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** The analysis written into the folder, or empty when there is none. */
    public static Optional<Analysis> read(ExperimentFolder folder) throws InputException {
        Path file = analysisFile(folder);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            Analysis a = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), Analysis.class);
            if (a == null || a.verdict() == null) {
                throw new InputException(file, 0, "no verdict in it");
            }
            if (a.formatVersion() != Analysis.FORMAT_VERSION) {
                throw new InputException(file, 0, "field formatVersion: unsupported version " + a.formatVersion());
            }
            return Optional.of(a);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InputException(file, 0, "corrupt: not UTF-8 text, so not JSON", e);
        } catch (IOException e) {
            throw new InputException(file, 0, "cannot read: " + e.getMessage(), e);
        } catch (JsonParseException | NullPointerException | IllegalArgumentException e) {
            throw new InputException(file, 0, "not a valid analysis: " + e.getMessage(), e);
        }
    }
}
