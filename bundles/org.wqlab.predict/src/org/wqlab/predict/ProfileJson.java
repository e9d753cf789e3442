package org.wqlab.predict;

import java.util.function.Consumer;

import org.wqlab.sim.Profiles;
import org.wqlab.sim.SimulatedBoardProfile;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;

/**
 * A simulator profile as the JSON its file holds, edited by field name and read back through {@link Profiles} (so
 * every field is checked as in a file, and fields the simulator gains later are carried over unchanged).
 */
public final class ProfileJson {

    private static final Gson GSON = new GsonBuilder().serializeNulls().setPrettyPrinting().create();

    private ProfileJson() {
    }

    public static JsonObject toJson(SimulatedBoardProfile profile) {
        return GSON.toJsonTree(profile).getAsJsonObject();
    }

    public static SimulatedBoardProfile edit(SimulatedBoardProfile profile, Consumer<JsonObject> edits) {
        JsonObject o = toJson(profile);
        edits.accept(o);
        return Profiles.fromJson("profile " + profile.name(), GSON.toJson(o));
    }

    public static String text(JsonObject o) {
        return GSON.toJson(o) + "\n";
    }
}
