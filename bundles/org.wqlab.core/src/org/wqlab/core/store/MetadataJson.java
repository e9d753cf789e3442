package org.wqlab.core.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.InputException;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/** Reads and writes {@code experiment.json}. */
public final class MetadataJson {

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
    private static final Pattern GSON_POSITION = Pattern.compile("line (\\d+) column (\\d+)");

    private MetadataJson() {
    }

    public static String toJson(ExperimentMetadata metadata) {
        return GSON.toJson(metadata) + "\n";
    }

    public static void write(Path file, ExperimentMetadata metadata) throws IOException {
        AtomicFiles.write(file, toJson(metadata).getBytes(StandardCharsets.UTF_8));
    }

    /** Reads and checks a metadata file; problems name the file and the line or field. */
    public static ExperimentMetadata read(Path file) throws InputException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new InputException(file, 0, "missing metadata file");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InputException(file, 0, "corrupt: not UTF-8 text, so not JSON", e);
        } catch (IOException e) {
            throw new InputException(file, 0, "cannot read: " + e.getMessage(), e);
        }
        return parse(file, text);
    }

    static ExperimentMetadata parse(Path file, String text) throws InputException {
        JsonElement root;
        try {
            root = JsonParser.parseString(text);
        } catch (JsonParseException e) {
            throw syntaxError(file, e);
        }
        if (!root.isJsonObject()) {
            throw new InputException(file, 1, "expected a JSON object");
        }
        JsonObject o = root.getAsJsonObject();
        JsonElement version = o.get("formatVersion");
        if (version == null || !version.isJsonPrimitive() || !version.getAsJsonPrimitive().isNumber()) {
            throw new InputException(file, 0, "field 'formatVersion' missing or not a number");
        }
        if (version.getAsInt() > ExperimentMetadata.FORMAT_VERSION || version.getAsInt() < 1) {
            throw new InputException(file, 0, "field 'formatVersion': unsupported version " + version
                    + " (this wqlab reads " + ExperimentMetadata.FORMAT_VERSION + ")");
        }
        for (String required : new String[] { "id", "name", "created", "status" }) {
            JsonElement f = o.get(required);
            if (f == null || f.isJsonNull()) {
                throw new InputException(file, 0, "field '" + required + "' missing");
            }
            if (!f.isJsonPrimitive() || !f.getAsJsonPrimitive().isString()) {
                throw new InputException(file, 0, "field '" + required + "' must be a string");
            }
        }
        String status = o.get("status").getAsString();
        List<String> words = Arrays.stream(ExperimentStatus.values()).map(ExperimentStatus::word).toList();
        if (!words.contains(status)) {
            throw new InputException(file, 0,
                    "field 'status': '" + status + "' is not one of " + String.join(", ", words));
        }
        try {
            return GSON.fromJson(o, ExperimentMetadata.class);
        } catch (JsonParseException | IllegalStateException | NullPointerException | ClassCastException e) {
            throw new InputException(file, 0, "bad field value: " + firstLine(e.getMessage()), e);
        }
    }

    private static InputException syntaxError(Path file, JsonParseException e) {
        String message = e.getMessage() == null ? "" : e.getMessage();
        Matcher m = GSON_POSITION.matcher(message);
        if (m.find()) {
            return new InputException(file, Long.parseLong(m.group(1)),
                    "malformed JSON at column " + m.group(2), e);
        }
        return new InputException(file, 0, "malformed JSON: " + firstLine(message), e);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
