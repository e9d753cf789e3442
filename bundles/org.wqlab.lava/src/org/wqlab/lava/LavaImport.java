package org.wqlab.lava;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

import org.wqlab.core.model.InputException;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.klog.ImportExtras;
import org.wqlab.klog.importer.LogImporters;

/**
 * A finished LAVA job as an experiment: its log read through the log importers (the LAVA job log importer takes it)
 * and kept whole as the import's source ({@code source/}{@value LavaExecution#LOG_FILE}), its definition beside the
 * kernel log, the job's id, URL, device and health in the board facts; all written before the experiment appears.
 */
public final class LavaImport {

    private LavaImport() {
    }

    /** @throws LavaException when the job is not there or not finished; InputException when its log is unreadable */
    public static LoadedExperiment importJob(LavaClient client, long id, Workspace workspace)
            throws IOException, InputException {
        LavaClient.Job job = client.job(id);
        if (!job.finished()) {
            throw new LavaException("LAVA job " + id + " is " + job.state() + ": import it once it has finished ("
                    + client.server().jobPage(id) + ")");
        }
        return importJob(client.server(), job, client.logs(id, 0), client.definition(id), workspace);
    }

    /** The finished {@code job} of {@code server} as an experiment, from its log and definition as LAVA gave them. */
    public static LoadedExperiment importJob(LavaServer server, LavaClient.Job job, String log, String definition,
            Workspace workspace) throws IOException, InputException {
        long id = job.id();
        Path dir = Files.createTempDirectory("lava-job-" + id + "-");
        Path file = dir.resolve(LavaExecution.LOG_FILE);
        try {
            Files.writeString(file, log, StandardCharsets.UTF_8);
            String name = "LAVA job " + id + " (" + job.deviceType() + (job.device().isEmpty() ? "" : " on "
                    + job.device()) + ")" + (job.description().isEmpty() ? "" : ": " + job.description());
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("board", "LAVA server " + server.name() + ", device type " + job.deviceType());
            facts.put("lava.server", server.name());
            facts.put("lava.serverUrl", server.url().toString());
            facts.put("lava.jobId", Long.toString(id));
            facts.put("lava.jobUrl", server.jobPage(id).toString());
            facts.put("lava.deviceType", job.deviceType());
            facts.put("lava.device", job.device());
            facts.put("lava.health", job.health());
            ImportExtras extras = new ImportExtras("LAVA job " + id + " at " + server.jobPage(id), facts,
                    Map.of(LavaExecution.JOB_FILE, definition.getBytes(StandardCharsets.UTF_8)));
            return ExperimentLoader.importLog(workspace, file, name, created(job), LogImporters.installed(), extras);
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    private static Instant created(LavaClient.Job job) {
        for (String t : new String[] { job.startTime(), job.submitTime() }) {
            try {
                if (!t.isEmpty()) {
                    return Instant.parse(t);
                }
            } catch (DateTimeParseException e) {
                // the next one
            }
        }
        return Instant.now();
    }
}
