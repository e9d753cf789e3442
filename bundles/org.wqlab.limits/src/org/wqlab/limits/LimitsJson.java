package org.wqlab.limits;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.core.model.InputException;
import org.wqlab.core.store.AtomicFiles;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

/**
 * Limits as JSON: the {@code "limits"} object of a sequence, a saved board, and an experiment's {@code limits.json}
 * ({@code {"formatVersion": 1, "limits": {...}}}). One member per limit name:
 * <pre>
 * "worst.after.disconnect.ms": { "soft": 500, "hard": 1000,
 *     "appliesTo": { "kernels": [ { "from": "5.10", "below": "6.6" } ], "config": { "CONFIG_PREEMPT_RT": false } } }
 * </pre>
 * Problems name the field ({@code limits.p99.ms.hard}) and the limit.
 */
public final class LimitsJson {

    public static final String FILE = "limits.json";
    public static final int FORMAT_VERSION = 1;
    private static final double MAX_MS = 3_600_000; // an hour
    private static final double MAX_COUNT = 1e12;

    private LimitsJson() {
    }

    /**
     * The limits of a {@code "limits"} member; each problem is added to {@code problems}, prefixed with
     * {@code field} (e.g. {@code "limits"}).
     */
    public static Limits parse(JsonElement element, String field, List<String> problems) {
        if (element == null || element.isJsonNull()) {
            return Limits.NONE;
        }
        if (!element.isJsonObject()) {
            problems.add("field '" + field + "' must be an object of limit name: {soft, hard} (names: "
                    + LimitName.fileNames() + ")");
            return Limits.NONE;
        }
        List<Limit> out = new ArrayList<>();
        for (Map.Entry<String, JsonElement> e : element.getAsJsonObject().entrySet()) {
            String at = field + "." + e.getKey();
            Optional<LimitName> name = LimitName.byFileName(e.getKey());
            if (name.isEmpty()) {
                problems.add("field '" + at + "': unknown limit '" + e.getKey() + "' (one of " + LimitName.fileNames()
                        + ")");
                continue;
            }
            limit(name.get(), e.getValue(), at, problems).ifPresent(out::add);
        }
        Limits limits = Limits.of(out);
        limits.problems().forEach(p -> problems.add("field '" + field + "': " + p));
        return limits;
    }

    private static Optional<Limit> limit(LimitName name, JsonElement v, String at, List<String> problems) {
        String limit = "limit '" + name.fileName() + "'";
        if (!v.isJsonObject()) {
            problems.add("field '" + at + "': " + limit + " must be an object with soft and/or hard");
            return Optional.empty();
        }
        JsonObject o = v.getAsJsonObject();
        int before = problems.size();
        for (String key : o.keySet()) {
            if (!List.of("soft", "hard", "appliesTo").contains(key)) {
                problems.add("field '" + at + "." + key + "': unknown field of " + limit
                        + " (soft, hard, appliesTo)");
            }
        }
        Double soft = value(name, o.get("soft"), at + ".soft", problems);
        Double hard = value(name, o.get("hard"), at + ".hard", problems);
        if (soft == null && hard == null && !o.has("soft") && !o.has("hard")) {
            problems.add("field '" + at + "': " + limit + " needs a soft or a hard value (or both)");
        }
        Applicability appliesTo = o.has("appliesTo") ? applicability(o.get("appliesTo"), at + ".appliesTo", limit,
                problems) : null;
        return problems.size() == before ? Optional.of(new Limit(name, soft, hard, appliesTo)) : Optional.empty();
    }

    private static Double value(LimitName name, JsonElement v, String at, List<String> problems) {
        if (v == null) {
            return null;
        }
        String limit = "limit '" + name.fileName() + "'";
        boolean count = name.unit() == LimitName.Unit.COUNT;
        String what = count ? "a whole number from 0 to " + (long) MAX_COUNT
                : "a number of milliseconds from 0 to " + (long) MAX_MS;
        if (!v.isJsonPrimitive() || !v.getAsJsonPrimitive().isNumber()) {
            problems.add("field '" + at + "': " + limit + " must be " + what + ", got " + v);
            return null;
        }
        double d = v.getAsDouble();
        if (!checkValue(name, d)) {
            problems.add("field '" + at + "': " + limit + " must be " + what + ", got " + v);
            return null;
        }
        return d;
    }

    /** Whether {@code d} is a valid value of a limit of this name (also for the command line). */
    public static boolean checkValue(LimitName name, double d) {
        boolean count = name.unit() == LimitName.Unit.COUNT;
        return Double.isFinite(d) && d >= 0 && d <= (count ? MAX_COUNT : MAX_MS) && (!count || d == Math.rint(d));
    }

    /** What {@link #checkValue} accepts, in words. */
    public static String describeValues(LimitName name) {
        return name.unit() == LimitName.Unit.COUNT ? "a whole number from 0 to " + (long) MAX_COUNT
                : "a number of milliseconds from 0 to " + (long) MAX_MS;
    }

    private static Applicability applicability(JsonElement v, String at, String limit, List<String> problems) {
        if (!v.isJsonObject()) {
            problems.add("field '" + at + "': " + limit + ": appliesTo must be an object with kernels and/or config");
            return null;
        }
        JsonObject o = v.getAsJsonObject();
        for (String key : o.keySet()) {
            if (!List.of("kernels", "config").contains(key)) {
                problems.add("field '" + at + "." + key + "': unknown field of " + limit + "'s appliesTo (kernels,"
                        + " config)");
            }
        }
        List<KernelRange> kernels = new ArrayList<>();
        if (o.has("kernels")) {
            JsonElement k = o.get("kernels");
            if (!k.isJsonArray()) {
                problems.add("field '" + at + ".kernels': " + limit + ": must be an array of {from, below}");
            } else {
                for (int i = 0; i < k.getAsJsonArray().size(); i++) {
                    String ki = at + ".kernels[" + i + "]";
                    JsonElement r = k.getAsJsonArray().get(i);
                    if (!r.isJsonObject()) {
                        problems.add("field '" + ki + "': " + limit + ": must be an object with from and/or below");
                        continue;
                    }
                    JsonObject ro = r.getAsJsonObject();
                    for (String key : ro.keySet()) {
                        if (!List.of("from", "below").contains(key)) {
                            problems.add("field '" + ki + "." + key + "': unknown field of " + limit
                                    + "'s kernel range (from, below)");
                        }
                    }
                    String from = version(ro.get("from"), ki + ".from", limit, problems);
                    String below = version(ro.get("below"), ki + ".below", limit, problems);
                    if (from == null && below == null) {
                        problems.add("field '" + ki + "': " + limit + ": a kernel range needs from and/or below");
                    } else {
                        kernels.add(new KernelRange(from, below));
                    }
                }
            }
        }
        Map<String, Boolean> config = new LinkedHashMap<>();
        if (o.has("config")) {
            JsonElement c = o.get("config");
            if (!c.isJsonObject()) {
                problems.add("field '" + at + ".config': " + limit + ": must be an object of CONFIG_NAME: true|false");
            } else {
                for (Map.Entry<String, JsonElement> e : c.getAsJsonObject().entrySet()) {
                    String ci = at + ".config." + e.getKey();
                    if (!e.getKey().matches("CONFIG_[A-Z0-9_]+")) {
                        problems.add("field '" + ci + "': " + limit + ": not a kernel config option (CONFIG_...)");
                    } else if (!e.getValue().isJsonPrimitive() || !e.getValue().getAsJsonPrimitive().isBoolean()) {
                        problems.add("field '" + ci + "': " + limit + ": must be true (set) or false (not set)");
                    } else {
                        config.put(e.getKey(), e.getValue().getAsBoolean());
                    }
                }
            }
        }
        return new Applicability(kernels, config);
    }

    private static String version(JsonElement v, String at, String limit, List<String> problems) {
        if (v == null) {
            return null;
        }
        String s = v.isJsonPrimitive() ? v.getAsString() : null;
        if (!KernelRange.isVersion(s)) {
            problems.add("field '" + at + "': " + limit + ": must be a kernel version such as \"5.10\", got " + v);
            return null;
        }
        return s;
    }

    /** The limits' JSON object, members in the order of {@link LimitName}. */
    public static JsonObject toJson(Limits limits) {
        JsonObject o = new JsonObject();
        for (Limit l : limits.all()) {
            JsonObject lo = new JsonObject();
            if (l.soft() != null) {
                lo.add("soft", number(l.soft()));
            }
            if (l.hard() != null) {
                lo.add("hard", number(l.hard()));
            }
            if (l.appliesTo() != null) {
                JsonObject a = new JsonObject();
                if (!l.appliesTo().kernels().isEmpty()) {
                    JsonArray ks = new JsonArray();
                    for (KernelRange k : l.appliesTo().kernels()) {
                        JsonObject ko = new JsonObject();
                        if (k.from() != null) {
                            ko.addProperty("from", k.from());
                        }
                        if (k.below() != null) {
                            ko.addProperty("below", k.below());
                        }
                        ks.add(ko);
                    }
                    a.add("kernels", ks);
                }
                if (!l.appliesTo().config().isEmpty()) {
                    JsonObject c = new JsonObject();
                    l.appliesTo().config().forEach(c::addProperty);
                    a.add("config", c);
                }
                lo.add("appliesTo", a);
            }
            o.add(l.name().fileName(), lo);
        }
        return o;
    }

    static JsonPrimitive number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? new JsonPrimitive((long) d) : new JsonPrimitive(d);
    }

    /** An experiment's {@code limits.json}: the effective limits of its run. */
    public static void write(Path folder, Limits limits) throws IOException {
        JsonObject root = new JsonObject();
        root.addProperty("formatVersion", FORMAT_VERSION);
        root.add("limits", toJson(limits));
        String text = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root) + "\n";
        AtomicFiles.write(folder.resolve(FILE), text.getBytes(StandardCharsets.UTF_8));
    }

    /** The limits an experiment recorded, or empty when its folder has no {@code limits.json}. */
    public static Optional<Limits> read(Path folder) throws InputException {
        Path file = folder.resolve(FILE);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new InputException(file, 0, "cannot read: " + e.getMessage(), e);
        }
        JsonElement root;
        try {
            root = JsonParser.parseString(text);
        } catch (JsonParseException e) {
            throw new InputException(file, 0, "malformed JSON: " + e.getMessage(), e);
        }
        if (!root.isJsonObject()) {
            throw new InputException(file, 0, "expected an object with formatVersion and limits");
        }
        JsonObject o = root.getAsJsonObject();
        JsonElement version = o.get("formatVersion");
        if (version == null || !version.isJsonPrimitive() || !version.getAsJsonPrimitive().isNumber()
                || version.getAsInt() != FORMAT_VERSION) {
            throw new InputException(file, 0, "field 'formatVersion': this wqlab reads version " + FORMAT_VERSION
                    + ", got " + version);
        }
        List<String> problems = new ArrayList<>();
        Limits limits = parse(o.get("limits"), "limits", problems);
        if (!problems.isEmpty()) {
            throw new InputException(file, 0, String.join("; ", problems));
        }
        return Optional.of(limits);
    }
}
