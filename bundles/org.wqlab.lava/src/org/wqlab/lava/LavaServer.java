package org.wqlab.lava;

import java.net.URI;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A LAVA server wqlab knows: what the user calls it, where its web and REST API answer, whose API token wqlab keeps
 * for it (in Secure Storage, never here), where its devices hold latency-mon (a lab builds it into the images it
 * deploys), and the job template of each device type (the lab's deploy and boot actions).
 */
public record LavaServer(String name, URI url, String user, String modulePath, Map<String, Path> templates) {

    /** Where the loopback lab of releng/lava puts latency-mon in its guest. */
    public static final String DEFAULT_MODULE = "/root/latency-mon.ko";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    public LavaServer {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("LAVA server name: '" + name
                    + "' must be letters, digits, '.', '_' or '-', starting with a letter or digit");
        }
        Objects.requireNonNull(url, "url");
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme()) || url.getHost() == null) {
            throw new IllegalArgumentException("LAVA server '" + name + "': url '" + url
                    + "' is not an http:// or https:// address of a server");
        }
        String text = url.toString();
        url = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
        if (user == null || user.isBlank()) {
            throw new IllegalArgumentException("LAVA server '" + name + "': user is empty");
        }
        modulePath = modulePath == null || modulePath.isBlank() ? DEFAULT_MODULE : modulePath;
        templates = templates == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(templates));
        if (!modulePath.startsWith("/")) {
            throw new IllegalArgumentException("LAVA server '" + name + "': module '" + modulePath
                    + "' must be an absolute path on the devices");
        }
    }

    public LavaServer(String name, URI url, String user, String modulePath) {
        this(name, url, user, modulePath, Map.of());
    }

    /** The job template of a device type, when one is set. */
    public Optional<Path> template(String deviceType) {
        return Optional.ofNullable(templates.get(deviceType));
    }

    /** An address of the REST API, {@code path} below {@code /api/v0.2/}. */
    public URI api(String path) {
        return URI.create(url + "/api/v0.2/" + path);
    }

    /** The job's page in LAVA's web interface. */
    public URI jobPage(long id) {
        return URI.create(url + "/scheduler/job/" + id);
    }

    @Override
    public String toString() {
        return "LAVA server '" + name + "' (" + url + ")";
    }
}
