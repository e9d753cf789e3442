package org.wqlab.product.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

/** The materialized product, exercised through its launcher script. */
class LauncherScriptTest {

    @Test
    void withoutADisplayTheWorkbenchExplainsItselfInOneLine() throws Exception {
        Map<String, String> noDisplay = new HashMap<>();
        noDisplay.put("DISPLAY", null);
        noDisplay.put("WAYLAND_DISPLAY", null);

        Launch launch = Launch.run(noDisplay, "-data", Files.createTempDirectory("wqlab-ws").toString());

        assertNotEquals(0, launch.exitCode());
        String[] lines = launch.stderr().strip().split("\n");
        assertEquals(1, lines.length, "expected one line, got: " + launch.stderr());
        assertTrue(lines[0].contains("DISPLAY"), lines[0]);
        assertTrue(lines[0].contains("xvfb-run"), lines[0]);
        assertFalse(launch.stderr().contains("Exception"), launch.stderr());
        assertEquals("", launch.stdout());
    }

    @Test
    void findsAJavaOfVersion21OrNewer() throws Exception {
        Launch launch = Launch.run(Map.of(), "--print-java-home");

        assertEquals(0, launch.exitCode(), launch.stderr());
        Path javaHome = Path.of(launch.stdout().strip());
        assertTrue(Files.isExecutable(javaHome.resolve("bin/java")), javaHome.toString());
        Properties release = new Properties();
        try (var in = Files.newInputStream(javaHome.resolve("release"))) {
            release.load(in);
        }
        String version = release.getProperty("JAVA_VERSION").replace("\"", "");
        int major = Integer.parseInt(version.split("[.+-]")[0]);
        assertTrue(major >= 21, "Java " + version + " at " + javaHome);
    }

    @Test
    void productStartsTheWorkbenchApplicationWithTheDeclarativeServicesRuntime() throws IOException {
        Properties config = new Properties();
        try (var in = Files.newInputStream(Launch.productDir().resolve("configuration/config.ini"))) {
            config.load(in);
        }
        assertEquals("org.wqlab.ui.application", config.getProperty("eclipse.application"));
        assertEquals("org.wqlab.app.product", config.getProperty("eclipse.product"));
        String bundles = config.getProperty("osgi.bundles");
        assertTrue(bundles.matches(".*org\\.apache\\.felix\\.scr_[^,]*@2\\\\?:start.*"), bundles);
        assertTrue(Files.isExecutable(Launch.productDir().resolve("wqlab")));
    }

    @Test
    void productShipsTheKernelModuleSourcesForTheModuleManager() throws IOException {
        Path repoKmod = Path.of(System.getProperty("wqlab.repo.root"), "kmod");
        for (String file : java.util.List.of("latency-mon.c", "Kbuild", "Makefile")) {
            Path shipped = Launch.productDir().resolve("kmod").resolve(file);
            assertTrue(Files.isRegularFile(shipped), "missing in the product: " + shipped);
            assertEquals(Files.readString(repoKmod.resolve(file)), Files.readString(shipped), file);
        }
    }
}
