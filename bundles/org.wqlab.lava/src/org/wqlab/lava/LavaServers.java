package org.wqlab.lava;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.core.store.AtomicFiles;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.target.WqlabConfigDir;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * The LAVA servers the user added, in {@value #FILE} of wqlab's configuration folder (name, url, user, module); each
 * server's API token is in the secret store under {@code lava-server:NAME}, never in that file.
 */
public final class LavaServers {

    public static final String FILE = "lava-servers.json";
    private static final String SECRET_PREFIX = "lava-server:";

    private final Path file;
    private final SecretStore secrets;

    public LavaServers(Path file, SecretStore secrets) {
        this.file = file;
        this.secrets = secrets;
    }

    /** The servers of the user's configuration folder ({@link WqlabConfigDir}). */
    public static LavaServers atDefaultLocation(SecretStore secrets) {
        return new LavaServers(WqlabConfigDir.get().resolve(FILE), secrets);
    }

    /** The servers of the user's configuration folder, their tokens in the secret store the framework provides. */
    public static LavaServers installed() throws LavaException {
        return LavaServices.servers();
    }

    public Path file() {
        return file;
    }

    /** @throws LavaException naming the file and the entry or field that cannot be read */
    public synchronized List<LavaServer> all() throws LavaException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new LavaException("cannot read " + file + ": " + e.getMessage(), e);
        }
        List<LavaServer> out = new ArrayList<>();
        try {
            JsonObject root = JsonParser.parseString(text).getAsJsonObject();
            JsonArray servers = root.getAsJsonArray("servers");
            for (int i = 0; servers != null && i < servers.size(); i++) {
                JsonObject s = servers.get(i).getAsJsonObject();
                try {
                    Map<String, Path> templates = new LinkedHashMap<>();
                    JsonObject t = s.has("templates") ? s.getAsJsonObject("templates") : new JsonObject();
                    for (String type : t.keySet()) {
                        templates.put(type, Path.of(t.get(type).getAsString()));
                    }
                    out.add(new LavaServer(string(s, "name"), URI.create(string(s, "url")), string(s, "user"),
                            s.has("module") ? string(s, "module") : null, templates));
                } catch (IllegalArgumentException e) {
                    throw new LavaException(file + ": servers[" + i + "]: " + e.getMessage(), e);
                }
            }
        } catch (JsonParseException | IllegalStateException | ClassCastException e) {
            throw new LavaException(file + ": not a wqlab LAVA servers file: " + e.getMessage(), e);
        }
        return out;
    }

    private static String string(JsonObject o, String field) {
        JsonElement e = o.get(field);
        if (e == null || !e.isJsonPrimitive()) {
            throw new IllegalArgumentException("field '" + field + "' is missing");
        }
        return e.getAsString();
    }

    public Optional<LavaServer> byName(String name) throws LavaException {
        return all().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /**
     * The server {@code name} names, or with no name the only one there is.
     *
     * @throws LavaException when it is not there, or several are and none is named
     */
    public LavaServer choose(String name) throws LavaException {
        List<LavaServer> all = all();
        if (name != null && !name.isBlank()) {
            return all.stream().filter(s -> s.name().equals(name)).findFirst()
                    .orElseThrow(() -> new LavaException("no LAVA server named '" + name + "' in " + file
                            + (all.isEmpty() ? " (add one: wqlab lava server add NAME --url URL --user USER"
                                    + " --token-file FILE)" : " (there are: " + names(all) + ")")));
        }
        if (all.size() == 1) {
            return all.get(0);
        }
        throw new LavaException(all.isEmpty()
                ? "no LAVA server is configured in " + file
                        + " (add one: wqlab lava server add NAME --url URL --user USER --token-file FILE)"
                : "several LAVA servers are configured (" + names(all) + "): name one with --lava-server NAME");
    }

    private static String names(List<LavaServer> all) {
        return String.join(", ", all.stream().map(LavaServer::name).toList());
    }

    /** Adds or replaces the server and keeps its token in the secret store. */
    public synchronized void put(LavaServer server, char[] token) throws LavaException {
        List<LavaServer> all = new ArrayList<>(all());
        all.removeIf(s -> s.name().equals(server.name()));
        all.add(server);
        try {
            secrets.put(SECRET_PREFIX + server.name(), SecretKind.API_TOKEN, token);
        } catch (SecretStore.SecretStoreException e) {
            throw new LavaException("cannot keep the API token of " + server + ": " + e.getMessage(), e);
        }
        save(all);
    }

    /** Removes the server and its token; false when there was none of that name. */
    public synchronized boolean remove(String name) throws LavaException {
        List<LavaServer> all = new ArrayList<>(all());
        boolean removed = all.removeIf(s -> s.name().equals(name));
        if (removed) {
            save(all);
            try {
                secrets.remove(SECRET_PREFIX + name, SecretKind.API_TOKEN);
            } catch (SecretStore.SecretStoreException e) {
                throw new LavaException("cannot remove the API token of LAVA server '" + name + "': "
                        + e.getMessage(), e);
            }
        }
        return removed;
    }

    /** The server's API token from the secret store; the caller clears it. */
    public char[] token(LavaServer server) throws LavaException {
        try {
            return secrets.get(SECRET_PREFIX + server.name(), SecretKind.API_TOKEN)
                    .orElseThrow(() -> new LavaException("no API token is stored for " + server
                            + " (wqlab lava server add " + server.name() + " ... --token-file FILE)"));
        } catch (SecretStore.SecretStoreException e) {
            throw new LavaException("cannot read the API token of " + server + ": " + e.getMessage(), e);
        }
    }

    /** A client for the server, with its token. */
    public LavaClient client(LavaServer server) throws LavaException {
        char[] token = token(server);
        try {
            return new LavaClient(server, token);
        } finally {
            Arrays.fill(token, '\0');
        }
    }

    private void save(List<LavaServer> servers) throws LavaException {
        JsonArray array = new JsonArray();
        for (LavaServer s : servers) {
            JsonObject o = new JsonObject();
            o.addProperty("name", s.name());
            o.addProperty("url", s.url().toString());
            o.addProperty("user", s.user());
            o.addProperty("module", s.modulePath());
            JsonObject templates = new JsonObject();
            s.templates().forEach((type, path) -> templates.addProperty(type, path.toString()));
            o.add("templates", templates);
            array.add(o);
        }
        JsonObject root = new JsonObject();
        root.addProperty("format", "wqlab-lava-servers");
        root.addProperty("version", 1);
        root.add("servers", array);
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, new GsonBuilder().setPrettyPrinting().create().toJson(root)
                    .getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new LavaException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
