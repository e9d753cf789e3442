package org.wqlab.sequence;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.limits.Limits;
import org.wqlab.limits.LimitsJson;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.stream.JsonWriter;

/**
 * Reads and writes {@code .wqseq} (JSON). Writing is stable: top-level keys {@code format, version, name, trace (only
 * when on: true or "late-windows"), traceWindowSeconds (late windows, when not the default), limits (only
 * when any), needs (only when any), variables, steps}; in each step {@code type}, {@code name}, then the fields in the order the step
 * type lists them, one step
 * per object, two-space indent, so a change to one step is a change to a few lines.
 */
public final class SequenceJson {

    public static final String FORMAT = "wqseq";
    public static final int VERSION = 1;
    public static final String DEFAULT_RESOURCE = "/sequences/default.wqseq";
    public static final String REPORT_PROCEDURE_RESOURCE = "/sequences/report-procedure.wqseq";
    public static final String SOAK_RESOURCE = "/sequences/soak-20-pulls.wqseq";
    /** The {@code trace} value that keeps the trace only around late runs. */
    public static final String LATE_WINDOWS = "late-windows";

    private static final Gson GSON = new Gson();

    private SequenceJson() {
    }

    /**
     * The default sequence shipped in this bundle: the improved module on every CPU reporting every run, the page cache
     * dropped before the copy, then the pull.
     */
    public static Sequence defaultSequence() throws SequenceException {
        return shipped(DEFAULT_RESOURCE);
    }

    /** The report's exact procedure, shipped beside the default: the classic module on CPU 0, late runs only. */
    public static Sequence reportProcedure() throws SequenceException {
        return shipped(REPORT_PROCEDURE_RESOURCE);
    }

    /**
     * "soak: 20 pulls", shipped beside the default: 20 disconnect cycles (drop caches, copy, pull, wait, plug, wait
     * for the stick and mount it), the trace kept only around late runs.
     */
    public static Sequence soak() throws SequenceException {
        return shipped(SOAK_RESOURCE);
    }

    private static Sequence shipped(String resource) throws SequenceException {
        try (InputStream in = SequenceJson.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new SequenceException(resource, List.of("not found in org.wqlab.sequence"));
            }
            return parse(resource.substring(resource.lastIndexOf('/') + 1),
                    new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new SequenceException(resource, List.of("cannot read: " + e.getMessage()));
        }
    }

    /** Parses the structure; problems name the step (index and name) and the field. */
    public static Sequence parse(String source, String text) throws SequenceException {
        JsonElement root;
        try {
            root = JsonParser.parseString(text);
        } catch (JsonParseException e) {
            throw new SequenceException(source, List.of("malformed JSON: " + firstLine(e.getMessage())));
        }
        List<String> problems = new ArrayList<>();
        if (!root.isJsonObject()) {
            throw new SequenceException(source, List.of("expected a JSON object with format, variables and steps"));
        }
        JsonObject o = root.getAsJsonObject();
        if (!o.has("format") || !FORMAT.equals(text(o.get("format")))) {
            problems.add("field 'format' must be \"" + FORMAT + "\"");
        }
        if (o.has("version") && !String.valueOf(VERSION).equals(text(o.get("version")))) {
            problems.add("field 'version': unsupported version " + o.get("version") + " (this wqlab reads " + VERSION
                    + ")");
        }
        for (String key : o.keySet()) {
            if (!List.of("format", "version", "name", "trace", "traceWindowSeconds", "limits", "needs", "variables",
                    "steps")
                    .contains(key)) {
                problems.add("unknown top-level field '" + key + "'");
            }
        }
        boolean trace = false;
        boolean lateWindows = false;
        if (o.has("trace")) {
            String t = text(o.get("trace"));
            if (!"true".equals(t) && !"false".equals(t) && !LATE_WINDOWS.equals(t)) {
                problems.add("field 'trace' must be true, false or \"" + LATE_WINDOWS + "\", got " + o.get("trace"));
            }
            lateWindows = LATE_WINDOWS.equals(t);
            trace = "true".equals(t) || lateWindows;
        }
        double windowSeconds = Sequence.DEFAULT_TRACE_WINDOW_SECONDS;
        if (o.has("traceWindowSeconds")) {
            String w = text(o.get("traceWindowSeconds"));
            try {
                windowSeconds = Double.parseDouble(w == null ? "" : w);
            } catch (NumberFormatException e) {
                windowSeconds = -1;
            }
            if (!(windowSeconds > 0 && windowSeconds <= 600)) {
                problems.add("field 'traceWindowSeconds' must be a number of seconds above 0 and at most 600, got "
                        + o.get("traceWindowSeconds"));
            } else if (!lateWindows) {
                problems.add("field 'traceWindowSeconds' needs \"trace\": \"" + LATE_WINDOWS + "\"");
            }
        }
        Limits limits = LimitsJson.parse(o.get("limits"), "limits", problems);
        Map<String, String> variables = new LinkedHashMap<>();
        if (o.has("variables")) {
            if (!o.get("variables").isJsonObject()) {
                problems.add("field 'variables' must be an object of name: value");
            } else {
                for (var e : o.getAsJsonObject("variables").entrySet()) {
                    String value = text(e.getValue());
                    if (value == null) {
                        problems.add("variable '" + e.getKey() + "' must be a string or a number");
                    } else {
                        variables.put(e.getKey(), value);
                    }
                }
            }
        }
        Map<String, String> needs = needs(o.get("needs"), problems);
        List<Step> steps = new ArrayList<>();
        if (!o.has("steps") || !o.get("steps").isJsonArray()) {
            problems.add("field 'steps' must be an array of step objects");
        } else {
            steps = steps(o.getAsJsonArray("steps"), "", problems);
        }
        if (!problems.isEmpty()) {
            throw new SequenceException(source, problems);
        }
        String name = o.has("name") ? text(o.get("name")) : source;
        return new Sequence(name == null ? source : name, variables, steps, text, trace, lateWindows,
                lateWindows ? windowSeconds : Sequence.DEFAULT_TRACE_WINDOW_SECONDS, limits, needs);
    }

    private static Map<String, String> needs(JsonElement e, List<String> problems) {
        Map<String, String> needs = new LinkedHashMap<>();
        if (e == null) {
            return needs;
        }
        if (!e.isJsonObject()) {
            problems.add("field 'needs' must be an object of " + String.join(", ", Sequence.NEEDS_KEYS) + ": value");
            return needs;
        }
        for (var n : e.getAsJsonObject().entrySet()) {
            String value = text(n.getValue());
            if (!Sequence.NEEDS_KEYS.contains(n.getKey())) {
                problems.add("field 'needs." + n.getKey() + "': unknown (one of " + Sequence.NEEDS_KEYS + ")");
            } else if (value == null || value.isBlank()) {
                problems.add("field 'needs." + n.getKey() + "' must be a non-empty string");
            } else {
                needs.put(n.getKey(), value);
            }
        }
        return needs;
    }

    private static List<Step> steps(JsonArray array, String prefix, List<String> problems) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String index = prefix + (i + 1);
            JsonElement el = array.get(i);
            if (!el.isJsonObject()) {
                problems.add("step " + index + ": must be an object with a 'type'");
                continue;
            }
            JsonObject s = el.getAsJsonObject();
            String name = s.has("name") ? text(s.get("name")) : "";
            String typeId = s.has("type") ? text(s.get("type")) : null;
            String label = "step " + index + (name == null || name.isEmpty() ? "" : " (" + name + ")");
            if (typeId == null) {
                problems.add(label + ": field 'type' missing (one of " + StepType.ids() + ")");
                continue;
            }
            var type = StepType.byId(typeId);
            if (type.isEmpty()) {
                problems.add(label + ": field 'type': unknown step type '" + typeId + "' (one of " + StepType.ids()
                        + ")");
                continue;
            }
            if (name == null || name.isEmpty()) {
                label = "step " + index + " (" + typeId + ")";
            }
            Map<String, String> fields = new LinkedHashMap<>();
            Map<String, String> params = new LinkedHashMap<>();
            List<String> command = new ArrayList<>();
            List<Step> body = new ArrayList<>();
            for (var e : s.entrySet()) {
                String key = e.getKey();
                if (key.equals("type") || key.equals("name")) {
                    continue;
                }
                if (!type.get().accepts(key)) {
                    problems.add(label + ": unknown field '" + key + "' for a " + typeId + " step");
                    continue;
                }
                JsonElement v = e.getValue();
                switch (key) {
                    case "params" -> {
                        if (!v.isJsonObject()) {
                            problems.add(label + ": field 'params' must be an object of name: value");
                        } else {
                            for (var p : v.getAsJsonObject().entrySet()) {
                                String pv = text(p.getValue());
                                if (pv == null) {
                                    problems.add(label + ": field 'params." + p.getKey() + "' must be a string or number");
                                } else {
                                    params.put(p.getKey(), pv);
                                }
                            }
                        }
                    }
                    case "command" -> {
                        if (!v.isJsonArray() || v.getAsJsonArray().isEmpty()) {
                            problems.add(label + ": field 'command' must be a non-empty array of words");
                        } else {
                            for (JsonElement w : v.getAsJsonArray()) {
                                String word = text(w);
                                if (word == null) {
                                    problems.add(label + ": field 'command': every word must be a string");
                                } else {
                                    command.add(word);
                                }
                            }
                        }
                    }
                    case "steps" -> {
                        if (!v.isJsonArray()) {
                            problems.add(label + ": field 'steps' must be an array of steps");
                        } else {
                            body = steps(v.getAsJsonArray(), index + ".", problems);
                        }
                    }
                    default -> {
                        String value = text(v);
                        if (value == null) {
                            problems.add(label + ": field '" + key + "' must be a string or a number");
                        } else {
                            fields.put(key, value);
                        }
                    }
                }
            }
            for (String req : type.get().required()) {
                if (!s.has(req)) {
                    problems.add(label + ": missing field '" + req + "'");
                }
            }
            steps.add(new Step(type.get(), name, label, fields, params, command, body));
        }
        return steps;
    }

    private static String text(JsonElement e) {
        if (e == null || !e.isJsonPrimitive()) {
            return null;
        }
        return e.getAsString();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Writes a sequence in the stable layout described above. */
    public static String write(Sequence sequence) {
        StringWriter out = new StringWriter();
        try (JsonWriter w = new JsonWriter(out)) {
            w.setIndent("  ");
            w.setHtmlSafe(false);
            w.beginObject();
            w.name("format").value(FORMAT);
            w.name("version").value(VERSION);
            w.name("name").value(sequence.name());
            if (sequence.lateWindows()) {
                w.name("trace").value(LATE_WINDOWS);
                if (sequence.traceWindowSeconds() != Sequence.DEFAULT_TRACE_WINDOW_SECONDS) {
                    w.name("traceWindowSeconds").value(sequence.traceWindowSeconds());
                }
            } else if (sequence.trace()) {
                w.name("trace").value(true);
            }
            if (!sequence.limits().isEmpty()) {
                w.name("limits");
                GSON.toJson(LimitsJson.toJson(sequence.limits()), w);
            }
            if (!sequence.needs().isEmpty()) {
                w.name("needs").beginObject();
                for (var e : sequence.needs().entrySet()) {
                    w.name(e.getKey()).value(e.getValue());
                }
                w.endObject();
            }
            w.name("variables").beginObject();
            for (var e : sequence.variables().entrySet()) {
                w.name(e.getKey()).value(e.getValue());
            }
            w.endObject();
            writeSteps(w, sequence.steps());
            w.endObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }

    private static void writeSteps(JsonWriter w, List<Step> steps) throws IOException {
        w.name("steps").beginArray();
        for (Step s : steps) {
            w.beginObject();
            w.name("type").value(s.type().id());
            if (!s.name().isEmpty()) {
                w.name("name").value(s.name());
            }
            List<String> order = new ArrayList<>(s.type().required());
            order.addAll(s.type().optional());
            for (String key : order) {
                switch (key) {
                    case "command" -> {
                        w.name("command").beginArray();
                        for (String word : s.command()) {
                            w.value(word);
                        }
                        w.endArray();
                    }
                    case "steps" -> writeSteps(w, s.steps());
                    default -> {
                        if (s.fields().containsKey(key)) {
                            w.name(key).value(s.fields().get(key));
                        }
                    }
                }
            }
            if (s.type() == StepType.LOAD_MODULE && !s.params().isEmpty()) {
                w.name("params").beginObject();
                for (var p : s.params().entrySet()) {
                    w.name(p.getKey()).value(p.getValue());
                }
                w.endObject();
            }
            w.endObject();
        }
        w.endArray();
    }
}
