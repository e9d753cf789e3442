package org.wqlab.analysis.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * Everything the experiment editor shows, read from the folder in one go off the UI thread.
 *
 * @param runRecord      the run's record ({@code run.json}: steps as run, cleanup), pretty-printed, or ""
 * @param moduleIdentity the module as loaded (identity from the run record, parameters from the metadata)
 * @param variables      the sequence's variables as the run used them (run.json's {@code variables}), or none
 */
public record ExperimentDetails(LoadedExperiment loaded, Statistics stats, ExperimentSummary summary,
        String runRecord, String moduleIdentity, Map<String, String> variables) {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]+)\\}");

    public static final String RUN_FILE = "run.json";

    public static ExperimentDetails read(Path dir) throws InputException, IOException {
        return of(ExperimentLoader.load(new ExperimentFolder(dir)));
    }

    /** The details of an experiment loaded already (statistics computed, the run record read). */
    public static ExperimentDetails of(LoadedExperiment loaded) throws IOException {
        Path dir = loaded.folder().dir();
        Statistics stats = loaded.statistics(); // from samples.cache when the experiment was loaded from it
        Path run = dir.resolve(RUN_FILE);
        JsonObject record = null;
        String runText = "";
        if (Files.isRegularFile(run)) {
            runText = Files.readString(run, StandardCharsets.UTF_8);
            try {
                JsonElement e = JsonParser.parseString(runText);
                if (e.isJsonObject()) {
                    record = e.getAsJsonObject();
                }
            } catch (JsonParseException e) {
                runText = run + " is not valid JSON (" + e.getMessage() + "):\n" + runText;
            }
        }
        return new ExperimentDetails(loaded, stats, ExperimentSummaries.of(loaded, stats), runText,
                moduleIdentity(loaded.metadata(), record), variables(record));
    }

    /** The sequence as written with each {@code ${name}} the run resolved replaced by its value. */
    public String sequenceAsRun() {
        return resolve(loaded.metadata().sequence(), variables);
    }

    static String resolve(String text, Map<String, String> values) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : value));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static Map<String, String> variables(JsonObject record) {
        Map<String, String> values = new TreeMap<>();
        if (record != null && record.has("variables") && record.get("variables").isJsonObject()) {
            record.getAsJsonObject("variables").entrySet().forEach(e -> {
                if (e.getValue().isJsonPrimitive()) {
                    values.put(e.getKey(), e.getValue().getAsString());
                }
            });
        }
        return Map.copyOf(values);
    }

    static String moduleIdentity(ExperimentMetadata m, JsonObject record) {
        StringBuilder b = new StringBuilder();
        b.append("module: ").append(m.module().isEmpty() ? "(not recorded)" : m.module()).append('\n');
        if (!m.parameters().isEmpty()) {
            b.append("\nparameters:\n");
            for (Map.Entry<String, String> e : m.parameters().entrySet()) {
                b.append("  ").append(e.getKey()).append(" = ").append(e.getValue()).append('\n');
            }
        }
        if (record != null && record.has("module")) {
            b.append("\nidentity (as loaded):\n").append(new GsonBuilder().setPrettyPrinting().create()
                    .toJson(record.get("module"))).append('\n');
        }
        return b.toString();
    }
}
