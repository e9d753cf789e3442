package org.wqlab.kmod;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import org.wqlab.core.elf.ModuleInfo;

import com.google.gson.JsonObject;

/**
 * Which module an experiment ran with: recorded in every experiment's metadata so that two runs can be told apart
 * (srcversion and sha256 change with the source and the build; vermagic names the kernel it was built for).
 */
public record ModuleIdentity(String name, String srcversion, String vermagic, String sha256,
        Map<String, String> parameters) {

    public ModuleIdentity {
        parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    public static ModuleIdentity of(Path koFile, ModuleInfo info, ModuleParameters parameters) throws IOException {
        return new ModuleIdentity(info.name().orElse(""), info.srcversion().orElse(""), info.vermagic().orElse(""),
                sha256(koFile), parameters.values());
    }

    public static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** For an experiment's metadata JSON; the vermagic keeps its exact bytes (x86's trailing space). */
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("name", name);
        o.addProperty("srcversion", srcversion);
        o.addProperty("vermagic", vermagic);
        o.addProperty("sha256", sha256);
        JsonObject p = new JsonObject();
        parameters.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> p.addProperty(e.getKey(), e.getValue()));
        o.add("parameters", p);
        return o;
    }

    public static ModuleIdentity fromJson(JsonObject o) {
        Map<String, String> params = new LinkedHashMap<>();
        if (o.has("parameters") && o.get("parameters").isJsonObject()) {
            o.getAsJsonObject("parameters").entrySet().forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
        }
        return new ModuleIdentity(text(o, "name"), text(o, "srcversion"), text(o, "vermagic"), text(o, "sha256"),
                params);
    }

    private static String text(JsonObject o, String field) {
        if (!o.has(field) || !o.get(field).isJsonPrimitive()) {
            throw new IllegalArgumentException("module identity: field " + field + " is missing");
        }
        return o.get(field).getAsString();
    }
}
