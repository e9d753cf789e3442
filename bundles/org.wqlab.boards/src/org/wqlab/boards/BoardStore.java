package org.wqlab.boards;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.wqlab.core.store.AtomicFiles;
import org.wqlab.target.AuthMethod;
import org.wqlab.limits.Limits;
import org.wqlab.limits.LimitsJson;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.facts.UsbStorageDevice;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VirtualBoard;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * The boards file: JSON with one object per board (profile, kind, last facts). Holds no secrets. Written
 * atomically (temporary file, then rename), so a crash never leaves half a file; a bad file is reported with its path
 * and the field, and is never overwritten by the registry.
 */
public final class BoardStore {

    /**
     * 3: boards may have "limits" (as a sequence's); 2: boards have a "kind" (and the virtual board an "arch");
     * version 1 files had the builtInSimulator flag only. Older files read as before, with no limits.
     */
    static final int VERSION = 3;

    /** What the file holds: the version it was written with, and its boards. */
    public record Contents(int version, List<BoardEntry> boards) {
    }

    private final Path file;
    /** Which bundle provides each kind (by kind id), as last saved or as the registry says (see {@link #provider}). */
    private final Map<String, String> kindBundles = new LinkedHashMap<>();

    public BoardStore(Path file) {
        this.file = file;
    }

    /**
     * Records which bundle provides a kind, written with the boards ("kindBundles"), so that a board whose kind's
     * bundle is gone can say which bundle to install.
     */
    public synchronized void provider(BoardKind kind, String bundle) {
        if (bundle != null && !bundle.isBlank()) {
            kindBundles.put(kind.id(), bundle);
        }
    }

    /** The bundle that provided a kind when the file was last written, if it said. */
    public synchronized Optional<String> providerOf(BoardKind kind) {
        return Optional.ofNullable(kindBundles.get(kind.id()));
    }

    public Path file() {
        return file;
    }

    /** @return the boards in the file, or empty when the file does not exist yet */
    public Optional<Contents> load() throws BoardStoreException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BoardStoreException("cannot read boards file " + file + ": " + e.getMessage(), e);
        }
        JsonObject root;
        try {
            JsonElement parsed = JsonParser.parseString(text);
            if (!parsed.isJsonObject()) {
                throw bad("(top level)", "must be a JSON object", null);
            }
            root = parsed.getAsJsonObject();
        } catch (JsonParseException e) {
            throw bad("(syntax)", "is not valid JSON: " + e.getMessage(), e);
        }
        JsonElement v = root.get("version");
        if (v != null && !(v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber())) {
            throw bad("version", "must be a whole number, was " + v, null);
        }
        int version = v == null ? 1 : v.getAsInt();
        JsonElement boards = root.get("boards");
        if (boards == null || !boards.isJsonArray()) {
            throw bad("boards", "must be an array", null);
        }
        List<BoardEntry> entries = new ArrayList<>();
        JsonArray array = boards.getAsJsonArray();
        for (int i = 0; i < array.size(); i++) {
            String at = "boards[" + i + "]";
            if (!array.get(i).isJsonObject()) {
                throw bad(at, "must be an object", null);
            }
            entries.add(entry(array.get(i).getAsJsonObject(), at));
        }
        loadKindBundles(root);
        return Optional.of(new Contents(version, entries));
    }

    private void loadKindBundles(JsonObject root) throws BoardStoreException {
        JsonElement k = root.get("kindBundles");
        if (k == null || k.isJsonNull()) {
            return;
        }
        if (!k.isJsonObject()) {
            throw bad("kindBundles", "must be an object of strings (kind id to bundle)", null);
        }
        synchronized (this) {
            for (Map.Entry<String, JsonElement> e : k.getAsJsonObject().entrySet()) {
                if (!e.getValue().isJsonPrimitive() || !e.getValue().getAsJsonPrimitive().isString()) {
                    throw bad("kindBundles." + e.getKey(), "must be a bundle's symbolic name", null);
                }
                kindBundles.putIfAbsent(e.getKey(), e.getValue().getAsString());
            }
        }
    }

    public void save(List<BoardEntry> entries) throws BoardStoreException {
        JsonObject root = new JsonObject();
        root.addProperty("version", VERSION);
        JsonObject bundles = new JsonObject();
        synchronized (this) {
            entries.stream().map(e -> e.kind().id()).distinct().filter(kindBundles::containsKey)
                    .forEach(id -> bundles.addProperty(id, kindBundles.get(id)));
        }
        root.add("kindBundles", bundles);
        JsonArray boards = new JsonArray();
        for (BoardEntry e : entries) {
            boards.add(toJson(e));
        }
        root.add("boards", boards);
        String text = new GsonBuilder().setPrettyPrinting().serializeNulls().create().toJson(root) + "\n";
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            AtomicFiles.writePrivate(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new BoardStoreException("cannot write boards file " + file + ": " + e.getMessage(), e);
        }
    }

    private static JsonObject toJson(BoardEntry e) {
        BoardProfile p = e.profile();
        JsonObject o = new JsonObject();
        o.addProperty("name", p.name());
        o.addProperty("host", p.host());
        o.addProperty("port", p.port());
        o.addProperty("user", p.user());
        o.addProperty("auth", p.auth().name());
        o.addProperty("keyFile", p.keyFile() == null ? null : p.keyFile().toString());
        o.addProperty("jumpHost", p.jumpHost());
        o.addProperty("hostKeyPolicy", p.hostKeyPolicy().name());
        o.addProperty("connectTimeoutSeconds", p.connectTimeout().toSeconds());
        o.addProperty("keepAliveSeconds", p.keepAliveInterval().toSeconds());
        o.addProperty("kind", e.kind().id());
        o.addProperty("builtInSimulator", e.builtInSimulator()); // for wqlab versions before boards file version 2
        if (e.virtualBoard()) {
            o.addProperty("arch", e.arch().id());
            o.addProperty("irqCpu", e.irqCpu());
        }
        if (!e.usbDriver().isEmpty()) {
            o.addProperty("usbDriver", e.usbDriver());
        }
        if (!e.settings().isEmpty()) {
            JsonObject settings = new JsonObject();
            e.settings().forEach(settings::addProperty);
            o.add("settings", settings);
        }
        if (!e.limits().isEmpty()) {
            o.add("limits", LimitsJson.toJson(e.limits()));
        }
        e.facts().ifPresent(f -> o.add("facts", toJson(f)));
        return o;
    }

    private static JsonObject toJson(BoardFacts f) {
        JsonObject o = new JsonObject();
        o.addProperty("uname", f.uname());
        o.addProperty("cpuCount", f.cpuCount());
        o.addProperty("bogoMips", f.bogoMips());
        o.addProperty("hz", f.hz());
        o.addProperty("hzSource", f.hzSource().name());
        o.addProperty("memTotalKb", f.memTotalKb());
        o.addProperty("kernelCommandLine", f.kernelCommandLine());
        o.addProperty("cpuIntensiveThresholdUs",
                f.cpuIntensiveThresholdUs().isPresent() ? f.cpuIntensiveThresholdUs().getAsLong() : null);
        JsonArray usb = new JsonArray();
        for (UsbStorageDevice d : f.usbStorage()) {
            JsonObject u = new JsonObject();
            u.addProperty("busPort", d.busPort());
            u.addProperty("vendorProduct", d.vendorProduct());
            u.addProperty("product", d.product());
            JsonArray blocks = new JsonArray();
            d.blockDevices().forEach(blocks::add);
            u.add("blockDevices", blocks);
            usb.add(u);
        }
        o.add("usbStorage", usb);
        return o;
    }

    private BoardEntry entry(JsonObject o, String at) throws BoardStoreException {
        String name = text(o, at, "name", true);
        String host = text(o, at, "host", true);
        int port = (int) number(o, at, "port", 0);
        if (port < 0 || port > 65535) {
            throw bad(at + ".port", "must be 0..65535, was " + port, null);
        }
        String user = text(o, at, "user", false);
        AuthMethod auth = enumValue(o, at, "auth", AuthMethod.class, AuthMethod.AUTO);
        String keyFile = text(o, at, "keyFile", false);
        String jump = text(o, at, "jumpHost", false);
        HostKeyPolicy policy = enumValue(o, at, "hostKeyPolicy", HostKeyPolicy.class, HostKeyPolicy.ASK);
        long connect = number(o, at, "connectTimeoutSeconds", BoardProfile.DEFAULT_CONNECT_TIMEOUT.toSeconds());
        if (connect <= 0) {
            throw bad(at + ".connectTimeoutSeconds", "must be positive, was " + connect, null);
        }
        long keepAlive = number(o, at, "keepAliveSeconds", BoardProfile.DEFAULT_KEEP_ALIVE.toSeconds());
        BoardKind kind = kind(o, at);
        VboardArch arch = VboardArch.X86_64;
        String archText = text(o, at, "arch", false);
        if (archText != null) {
            try {
                arch = VboardArch.parse(archText);
            } catch (IllegalArgumentException e) {
                throw bad(at + ".arch", e.getMessage(), e);
            }
        }
        BoardProfile profile;
        try {
            profile = new BoardProfile(name, host, port, user, auth,
                    keyFile == null || keyFile.isBlank() ? null : Path.of(keyFile), jump, policy,
                    Duration.ofSeconds(connect), Duration.ofSeconds(keepAlive));
        } catch (IllegalArgumentException e) {
            throw bad(at, e.getMessage(), e);
        }
        BoardFacts facts = null;
        JsonElement f = o.get("facts");
        if (f != null && !f.isJsonNull()) {
            if (!f.isJsonObject()) {
                throw bad(at + ".facts", "must be an object", null);
            }
            facts = facts(f.getAsJsonObject(), at + ".facts");
        }
        String usbDriver = text(o, at, "usbDriver", false);
        long irqCpu = number(o, at, "irqCpu", 0);
        if (irqCpu < 0 || irqCpu >= VirtualBoard.StartOptions.DEFAULT.cpus()) {
            throw bad(at + ".irqCpu", "must be 0.." + (VirtualBoard.StartOptions.DEFAULT.cpus() - 1) + " (the virtual"
                    + " board's CPUs), was " + irqCpu, null);
        }
        List<String> limitProblems = new ArrayList<>();
        Limits limits = LimitsJson.parse(o.get("limits"), at + ".limits", limitProblems);
        if (!limitProblems.isEmpty()) {
            throw bad(at + ".limits", "(board '" + name + "'): " + String.join("; ", limitProblems), null);
        }
        return new BoardEntry(profile, kind, Optional.ofNullable(facts), usbDriver, arch, (int) irqCpu,
                settings(o, at), limits);
    }

    /** "settings": the kind's own values for the board, an object of strings. */
    private Map<String, String> settings(JsonObject o, String at) throws BoardStoreException {
        JsonElement s = o.get("settings");
        if (s == null || s.isJsonNull()) {
            return Map.of();
        }
        if (!s.isJsonObject()) {
            throw bad(at + ".settings", "must be an object of strings", null);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : s.getAsJsonObject().entrySet()) {
            if (!e.getValue().isJsonPrimitive() || !e.getValue().getAsJsonPrimitive().isString()) {
                throw bad(at + ".settings." + e.getKey(), "must be a string", null);
            }
            settings.put(e.getKey(), e.getValue().getAsString());
        }
        return settings;
    }

    /** "kind" (version 2), else the version 1 flag "builtInSimulator". */
    private BoardKind kind(JsonObject o, String at) throws BoardStoreException {
        String kind = text(o, at, "kind", false);
        if (kind == null) {
            return o.has("builtInSimulator") && bool(o, at, "builtInSimulator") ? BoardKind.BUILT_IN_SIMULATOR
                    : BoardKind.SSH;
        }
        try {
            return BoardKind.parse(kind);
        } catch (IllegalArgumentException e) {
            throw bad(at + ".kind", e.getMessage(), e);
        }
    }

    private BoardFacts facts(JsonObject o, String at) throws BoardStoreException {
        List<UsbStorageDevice> usb = new ArrayList<>();
        JsonElement u = o.get("usbStorage");
        if (u != null && !u.isJsonNull()) {
            if (!u.isJsonArray()) {
                throw bad(at + ".usbStorage", "must be an array", null);
            }
            JsonArray array = u.getAsJsonArray();
            for (int i = 0; i < array.size(); i++) {
                String uat = at + ".usbStorage[" + i + "]";
                if (!array.get(i).isJsonObject()) {
                    throw bad(uat, "must be an object", null);
                }
                JsonObject d = array.get(i).getAsJsonObject();
                List<String> blocks = new ArrayList<>();
                JsonElement b = d.get("blockDevices");
                if (b != null && b.isJsonArray()) {
                    b.getAsJsonArray().forEach(x -> blocks.add(x.getAsString()));
                }
                usb.add(new UsbStorageDevice(text(d, uat, "busPort", true), text(d, uat, "vendorProduct", false),
                        text(d, uat, "product", false), blocks));
            }
        }
        JsonElement thresh = o.get("cpuIntensiveThresholdUs");
        OptionalLong threshold = thresh == null || thresh.isJsonNull() ? OptionalLong.empty()
                : OptionalLong.of(number(o, at, "cpuIntensiveThresholdUs", 0));
        return new BoardFacts(text(o, at, "uname", false), (int) number(o, at, "cpuCount", 0),
                decimal(o, at, "bogoMips"), (int) number(o, at, "hz", 0),
                enumValue(o, at, "hzSource", BoardFacts.HzSource.class, BoardFacts.HzSource.UNKNOWN),
                number(o, at, "memTotalKb", 0), text(o, at, "kernelCommandLine", false), threshold, usb);
    }

    private String text(JsonObject o, String at, String field, boolean required) throws BoardStoreException {
        JsonElement e = o.get(field);
        if (e == null || e.isJsonNull()) {
            if (required) {
                throw bad(at + "." + field, "is missing", null);
            }
            return null;
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw bad(at + "." + field, "must be a string", null);
        }
        return e.getAsString();
    }

    private long number(JsonObject o, String at, String field, long absent) throws BoardStoreException {
        JsonElement e = o.get(field);
        if (e == null || e.isJsonNull()) {
            return absent;
        }
        try {
            if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
                throw new NumberFormatException();
            }
            return e.getAsJsonPrimitive().getAsBigDecimal().longValueExact();
        } catch (NumberFormatException | ArithmeticException ex) {
            throw bad(at + "." + field, "must be a whole number, was " + e, ex);
        }
    }

    private double decimal(JsonObject o, String at, String field) throws BoardStoreException {
        JsonElement e = o.get(field);
        if (e == null || e.isJsonNull()) {
            return 0;
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
            throw bad(at + "." + field, "must be a number, was " + e, null);
        }
        return e.getAsDouble();
    }

    private boolean bool(JsonObject o, String at, String field) throws BoardStoreException {
        JsonElement e = o.get(field);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isBoolean()) {
            throw bad(at + "." + field, "must be true or false, was " + e, null);
        }
        return e.getAsBoolean();
    }

    private <E extends Enum<E>> E enumValue(JsonObject o, String at, String field, Class<E> type, E absent)
            throws BoardStoreException {
        String v = text(o, at, field, false);
        if (v == null) {
            return absent;
        }
        try {
            return Enum.valueOf(type, v);
        } catch (IllegalArgumentException e) {
            List<String> allowed = new ArrayList<>();
            for (E c : type.getEnumConstants()) {
                allowed.add(c.name());
            }
            throw bad(at + "." + field, "must be one of " + allowed + ", was \"" + v + "\"", e);
        }
    }

    private BoardStoreException bad(String field, String what, Throwable cause) {
        return new BoardStoreException("boards file " + file + ": field " + field + " " + what, cause);
    }
}
