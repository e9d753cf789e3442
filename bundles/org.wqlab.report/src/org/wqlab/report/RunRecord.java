package org.wqlab.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * What the sequence runner records beside the experiment in {@code run.json} and the report needs: the page cache
 * size before the (first) disconnect ({@code cachedKbBeforeDisconnect}, kB).
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
