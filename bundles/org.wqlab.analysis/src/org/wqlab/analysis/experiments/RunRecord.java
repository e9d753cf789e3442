package org.wqlab.analysis.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * What the sequence runner records beside the experiment in {@code run.json} and the report needs: the page cache
 * size before the (first) disconnect ({@code cachedKbBeforeDisconnect}, kB) and the Cached readings steps printed.
 */
public final class RunRecord {

    public static final String FILE = "run.json";

    private RunRecord() {
    }

    /** The first recorded Cached size in kB, or -1 when the experiment has no (readable) run record or none. */
    public static long cachedKb(Path experimentDir) {
        Path file = experimentDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return -1;
        }
        try {
            JsonElement root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8));
            if (!root.isJsonObject()) {
                return -1;
            }
            JsonElement cached = root.getAsJsonObject().get("cachedKbBeforeDisconnect");
            if (cached == null || !cached.isJsonArray()) {
                return -1;
            }
            JsonArray a = cached.getAsJsonArray();
            return a.isEmpty() ? -1 : a.get(0).getAsLong();
        } catch (IOException | JsonParseException | IllegalStateException | NumberFormatException
                | UnsupportedOperationException e) {
            return -1;
        }
    }

    private static final Pattern CACHED = Pattern.compile("Cached:\\s+(\\d+) kB");

    /**
     * How much of the page cache the copy added before the (first) disconnect, in kB: Cached before the disconnect
     * minus the smallest Cached a step printed earlier (the default sequence's "Cached before the copy", after it
     * dropped the cache); -1 when the record has no such earlier reading, or no Cached before the disconnect.
     */
    public static long copiedCachedKb(Path experimentDir) {
        long before = cachedKb(experimentDir);
        if (before < 0) {
            return -1;
        }
        try {
            JsonObject o = JsonParser.parseString(Files.readString(experimentDir.resolve(FILE),
                    StandardCharsets.UTF_8)).getAsJsonObject();
            JsonElement steps = o.get("steps");
            if (steps == null || !steps.isJsonArray()) {
                return -1;
            }
            List<Long> readings = new ArrayList<>();
            for (JsonElement s : steps.getAsJsonArray()) {
                JsonObject step = s.getAsJsonObject();
                if (step.has("type") && step.get("type").getAsString().equals("usb-disconnect")) {
                    break;
                }
                Matcher m = CACHED.matcher(step.has("detail") ? step.get("detail").getAsString() : "");
                if (m.find()) {
                    readings.add(Long.parseLong(m.group(1)));
                }
            }
            // a last reading within 1 % of Cached before the disconnect is that same moment ("before the pull")
            if (!readings.isEmpty() && Math.abs(readings.get(readings.size() - 1) - before) <= before / 100) {
                readings.remove(readings.size() - 1);
            }
            long baseline = readings.stream().mapToLong(Long::longValue).min().orElse(-1);
            return baseline < 0 || baseline >= before ? -1 : before - baseline;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The {@code summary} of the run record, or "" when none. */
    public static String summary(Path experimentDir) {
        try {
            JsonObject o = JsonParser.parseString(Files.readString(experimentDir.resolve(FILE),
                    StandardCharsets.UTF_8)).getAsJsonObject();
            JsonElement s = o.get("summary");
            return s == null || !s.isJsonPrimitive() ? "" : s.getAsString();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
