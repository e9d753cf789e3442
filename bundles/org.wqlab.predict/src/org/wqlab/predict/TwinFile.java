package org.wqlab.predict;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.store.AtomicFiles;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.SimulatedBoardProfile;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * A twin as a simulator profile file: the profile's fields (what {@code wqlab sim --profile FILE} reads) plus a
 * {@code calibration} object the simulator ignores: the monitor setup, every parameter's source and the residuals.
 */
public final class TwinFile {

    public static final String CALIBRATION = "calibration";
    private static final Gson GSON = new Gson();

    private TwinFile() {
    }

    public static JsonObject toJson(Twin twin) {
        JsonObject o = ProfileJson.toJson(twin.profile());
        JsonObject c = new JsonObject();
        c.addProperty("kind", "simulated twin: a model fitted to recorded runs, not the board");
        c.add("monitor", GSON.toJsonTree(twin.monitor()));
        c.addProperty("typicalCachedBytes", twin.typicalCachedBytes());
        c.add("parameters", GSON.toJsonTree(twin.parameters()));
        c.add("residuals", GSON.toJsonTree(twin.residuals()));
        o.add(CALIBRATION, c);
        return o;
    }

    public static void write(Twin twin, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        AtomicFiles.write(file, ProfileJson.text(toJson(twin)).getBytes(StandardCharsets.UTF_8));
    }

    /** A twin file written by {@link #write}; a plain profile file is refused naming the missing object. */
    public static Twin read(Path file) throws IOException {
        SimulatedBoardProfile profile = Profiles.load(file);
        try {
            JsonObject o = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject();
            JsonElement c = o.get(CALIBRATION);
            if (c == null || !c.isJsonObject()) {
                throw new IOException(file + ": no " + CALIBRATION + " object: a board profile, not a calibrated twin");
            }
            JsonObject cal = c.getAsJsonObject();
            List<FittedParameter> params = new ArrayList<>();
            cal.getAsJsonArray("parameters").forEach(e -> params.add(GSON.fromJson(e, FittedParameter.class)));
            List<Residual> residuals = new ArrayList<>();
            cal.getAsJsonArray("residuals").forEach(e -> residuals.add(GSON.fromJson(e, Residual.class)));
            return new Twin(profile, GSON.fromJson(cal.get("monitor"), MonitorSetup.class),
                    cal.get("typicalCachedBytes").getAsLong(), params, residuals);
        } catch (JsonParseException | IllegalStateException | NullPointerException e) {
            throw new IOException(file + ": " + CALIBRATION + ": not a valid calibration (" + e.getMessage() + ")", e);
        }
    }
}
