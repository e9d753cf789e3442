package org.wqlab.sim;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

/** Loads board profiles: the ones shipped in the bundle's {@code profiles/} folder, or a user's JSON file. */
public final class Profiles {

    public static final List<String> BUILT_IN = List.of("rcar-h3-default", "rcar-h3-tailored", "rcar-h3-linux6.12");
    public static final String DEFAULT = "rcar-h3-default";

    private Profiles() {
    }

    public static SimulatedBoardProfile builtIn(String name) {
        String resource = "/profiles/" + name + ".json";
        try (InputStream in = Profiles.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no built-in board profile " + name + " (known: " + BUILT_IN + ")");
            }
            return parse(resource, new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(resource + ": " + e.getMessage(), e);
        }
    }

    public static SimulatedBoardProfile load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no such board profile file (built-in profiles: " + BUILT_IN + ")");
        }
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(file.toString(), r);
        }
    }

    /** A built-in name or a path to a JSON file. */
    public static SimulatedBoardProfile byNameOrFile(String nameOrPath) throws IOException {
        return BUILT_IN.contains(nameOrPath) ? builtIn(nameOrPath) : load(Path.of(nameOrPath));
    }

    /**
     * A profile from JSON text ({@code source} names it in errors): what a tool that writes profiles (a calibrated
     * twin) reads back, checked like a file.
     */
    public static SimulatedBoardProfile fromJson(String source, String json) {
        return parse(source, new java.io.StringReader(json));
    }

    /**
     * Binds the JSON object to the record's components by name, with Gson's tree parser only: the reflective Gson
     * binding cost about half a second of class loading on the first profile, the biggest part of a cold start.
     * Absent keys take the type's default (0, false, null) and are then checked by
     * {@link SimulatedBoardProfile#validate}.
     */
    static SimulatedBoardProfile parse(String source, Reader reader) {
        JsonElement root;
        try {
            root = JsonParser.parseReader(reader);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(source + ": not a valid board profile: " + e.getMessage(), e);
        }
        if (root == null || root.isJsonNull()) {
            throw new IllegalArgumentException(source + ": empty board profile");
        }
        if (!root.isJsonObject()) {
            throw new IllegalArgumentException(source + ": not a valid board profile: expected a JSON object");
        }
        Fields f = new Fields(source, root.getAsJsonObject());
        return new SimulatedBoardProfile(
                str(f, "name"),
                str(f, "description"),
                str(f, "hostname"),
                str(f, "machine"),
                str(f, "kernelRelease"),
                str(f, "kernelBuild"),
                str(f, "vermagic"),
                integer(f, "cpus"),
                integer(f, "hz"),
                dbl(f, "bogomips"),
                lng(f, "ramBytes"),
                lng(f, "cacheReserveBytes"),
                integer(f, "pageSize"),
                lng(f, "invalidateNsPerPage"),
                lng(f, "teardownCpuNs"),
                lng(f, "hubEventSleepBeforeNs"),
                lng(f, "hubEventSleepAfterNs"),
                lng(f, "usbReadBytesPerSecond"),
                lng(f, "cachedReadBytesPerSecond"),
                lng(f, "ioCompletionBatchBytes"),
                lng(f, "ioCompletionNsPerPage"),
                integer(f, "usbIrq"),
                integer(f, "usbIrqCpu"),
                str(f, "usbDevice"),
                integer(f, "usbDeviceNumber"),
                lng(f, "stickBytes"),
                lng(f, "sampleFileBytes"),
                lng(f, "monitorWorkCpuNs"),
                optLong(f, "cpuIntensiveThreshUs"),
                bool(f, "cpuIntensiveReport"),
                lng(f, "seed"),
                bool(f, "hubIgnoresPowerOff"),
                bool(f, "noTracefsInstances")).validate(source);
    }

    /**
     * Reads the fields with Gson's tree parser and a direct constructor call: Gson's reflective record binding cost
     * about half a second of class loading and method-handle spinning on the first profile, most of a cold start.
     * Absent keys take the type's default (0, false, null);
     * {@link SimulatedBoardProfile#validate} then checks the values.
     */
    private record Fields(String source, JsonObject o) {
        JsonPrimitive get(String field, String expected, java.util.function.Predicate<JsonPrimitive> ok) {
            JsonElement e = o.get(field);
            if (e == null || e.isJsonNull()) {
                return null;
            }
            if (!e.isJsonPrimitive() || !ok.test(e.getAsJsonPrimitive())) {
                throw new IllegalArgumentException(source + ": not a valid board profile: field " + field + ": expected "
                        + expected + ", got " + e);
            }
            return e.getAsJsonPrimitive();
        }

        long whole(String field, long min, long max) {
            JsonPrimitive p = get(field, "a whole number", JsonPrimitive::isNumber);
            if (p == null) {
                return 0;
            }
            try {
                long v = p.getAsBigDecimal().longValueExact();
                if (v < min || v > max) {
                    throw new ArithmeticException();
                }
                return v;
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException(source + ": not a valid board profile: field " + field
                        + ": expected a whole number in range, got " + p, e);
            }
        }
    }

    private static String str(Fields f, String field) {
        JsonPrimitive p = f.get(field, "a string", JsonPrimitive::isString);
        return p == null ? null : p.getAsString();
    }

    private static int integer(Fields f, String field) {
        return (int) f.whole(field, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    private static long lng(Fields f, String field) {
        return f.whole(field, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private static Long optLong(Fields f, String field) {
        return f.o().has(field) && !f.o().get(field).isJsonNull() ? lng(f, field) : null;
    }

    private static double dbl(Fields f, String field) {
        JsonPrimitive p = f.get(field, "a number", JsonPrimitive::isNumber);
        return p == null ? 0 : p.getAsDouble();
    }

    private static boolean bool(Fields f, String field) {
        JsonPrimitive p = f.get(field, "true or false", JsonPrimitive::isBoolean);
        return p != null && p.getAsBoolean();
    }
}
