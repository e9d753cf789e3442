package org.wqlab.core.model;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The metadata file of an experiment ({@code experiment.json}). Everything else in an experiment is rebuilt from
 * the raw streams.
 *
 * @param created    ISO-8601 instant
 * @param boardFacts facts about the board (kernel release, machine, ...)
 * @param parameters module parameters (period_ms, threshold_ms, ...)
 * @param sequence   the sequence text the run followed ("" for an imported log)
 * @param kernelLog  the kernel log's length and last block as the run or import left it; null before it ended and
 *                   in experiments recorded before wqlab kept it
 * @param source     the file an import read, and where the experiment keeps it; null for a run and in experiments
 *                   imported before wqlab kept it
 */
public record ExperimentMetadata(int formatVersion, String id, String name, String created,
        Map<String, String> boardFacts, String module, Map<String, String> parameters, String sequence,
        ExperimentStatus status, String notes, KernelLogSeal kernelLog, ImportSource source) {

    public static final int FORMAT_VERSION = 1;

    public ExperimentMetadata {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(status, "status");
        boardFacts = sorted(boardFacts);
        parameters = sorted(parameters);
        module = module == null ? "" : module;
        sequence = sequence == null ? "" : sequence;
        notes = notes == null ? "" : notes;
    }

    public ExperimentMetadata(int formatVersion, String id, String name, String created,
            Map<String, String> boardFacts, String module, Map<String, String> parameters, String sequence,
            ExperimentStatus status, String notes) {
        this(formatVersion, id, name, created, boardFacts, module, parameters, sequence, status, notes, null);
    }

    public ExperimentMetadata(int formatVersion, String id, String name, String created,
            Map<String, String> boardFacts, String module, Map<String, String> parameters, String sequence,
            ExperimentStatus status, String notes, KernelLogSeal kernelLog) {
        this(formatVersion, id, name, created, boardFacts, module, parameters, sequence, status, notes, kernelLog,
                null);
    }

    private static Map<String, String> sorted(Map<String, String> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(m));
    }

    public static ExperimentMetadata of(String id, String name, Instant created, ExperimentStatus status) {
        return new ExperimentMetadata(FORMAT_VERSION, id, name, created.toString(), Map.of(), "", Map.of(), "",
                status, "", null, null);
    }

    public ExperimentMetadata withStatus(ExperimentStatus newStatus) {
        return new ExperimentMetadata(formatVersion, id, name, created, boardFacts, module, parameters, sequence,
                newStatus, notes, kernelLog, source);
    }

    public ExperimentMetadata withModule(String newModule, Map<String, String> newParameters) {
        return new ExperimentMetadata(formatVersion, id, name, created, boardFacts, newModule, newParameters,
                sequence, status, notes, kernelLog, source);
    }

    public ExperimentMetadata withNotes(String newNotes) {
        return new ExperimentMetadata(formatVersion, id, name, created, boardFacts, module, parameters, sequence,
                status, newNotes, kernelLog, source);
    }

    public ExperimentMetadata withName(String newName) {
        return new ExperimentMetadata(formatVersion, id, newName, created, boardFacts, module, parameters, sequence,
                status, notes, kernelLog, source);
    }

    public ExperimentMetadata withKernelLog(KernelLogSeal seal) {
        return new ExperimentMetadata(formatVersion, id, name, created, boardFacts, module, parameters, sequence,
                status, notes, seal, source);
    }

    public ExperimentMetadata withBoardFacts(Map<String, String> facts) {
        return new ExperimentMetadata(formatVersion, id, name, created, facts, module, parameters, sequence, status,
                notes, kernelLog, source);
    }

    public ExperimentMetadata withSource(ImportSource newSource) {
        return new ExperimentMetadata(formatVersion, id, name, created, boardFacts, module, parameters, sequence,
                status, notes, kernelLog, newSource);
    }
}
