package org.wqlab.lava;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The loopback LAVA lab releng/lava/setup.sh started, from its lava.properties (in wqlab.lava.home): skipped when it
 * is not up, unless wqlab.lava.required=true (as in CI, where releng/run-tests starts it).
 */
record LavaLab(URI url, String user, Path tokenFile, String deviceType, String device, Path template) {

    static LavaLab required() throws IOException {
        Path home = Path.of(System.getProperty("wqlab.lava.home",
                System.getProperty("user.home") + "/.cache/wqlab/lava"));
        Path file = home.resolve("lava.properties");
        if (!Files.isRegularFile(file)) {
            String why = "no LAVA lab is up (" + file + " is missing: sudo bash releng/lava/setup.sh up)";
            if (Boolean.getBoolean("wqlab.lava.required")) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return new LavaLab(URI.create(p.getProperty("url")), p.getProperty("user"),
                Path.of(p.getProperty("tokenFile")), p.getProperty("deviceType"), p.getProperty("device"),
                Path.of(p.getProperty("template")));
    }

    char[] token() throws IOException {
        return Files.readString(tokenFile).strip().toCharArray();
    }

    LavaServer server(String name) {
        return new LavaServer(name, url, user, null, java.util.Map.of(deviceType, template));
    }
}
