package org.wqlab.lava;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.AtomicFiles;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;

/**
 * A finished LAVA job as an experiment: its log read through the log importers (the LAVA job log importer takes it),
 * its definition and log kept beside the kernel log, the job's id, URL, device and health in the board facts.
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
        String log = client.logs(id, 0);
        Path tmp = Files.createTempFile("lava-job-" + id + "-", ".yaml");
        try {
            Files.writeString(tmp, log, StandardCharsets.UTF_8);
            String name = "LAVA job " + id + " (" + job.deviceType() + (job.device().isEmpty() ? "" : " on "
                    + job.device()) + ")" + (job.description().isEmpty() ? "" : ": " + job.description());
            LoadedExperiment e = ExperimentLoader.importLog(workspace, tmp, name, created(job));
            AtomicFiles.write(e.folder().dir().resolve(LavaExecution.LOG_FILE), log.getBytes(StandardCharsets.UTF_8));
            AtomicFiles.write(e.folder().dir().resolve(LavaExecution.JOB_FILE), client.definition(id)
                    .getBytes(StandardCharsets.UTF_8));
            Map<String, String> facts = new LinkedHashMap<>(e.metadata().boardFacts());
            facts.put("board", "LAVA server " + client.server().name() + ", device type " + job.deviceType());
            facts.put("lava.server", client.server().name());
            facts.put("lava.serverUrl", client.server().url().toString());
            facts.put("lava.jobId", Long.toString(id));
            facts.put("lava.jobUrl", client.server().jobPage(id).toString());
            facts.put("lava.deviceType", job.deviceType());
            facts.put("lava.device", job.device());
            facts.put("lava.health", job.health());
            ExperimentMetadata m = e.metadata().withBoardFacts(facts);
            e.folder().writeMetadata(m);
            return new LoadedExperiment(e.folder(), m, e.content(), e.derivations());
        } finally {
            Files.deleteIfExists(tmp);
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
