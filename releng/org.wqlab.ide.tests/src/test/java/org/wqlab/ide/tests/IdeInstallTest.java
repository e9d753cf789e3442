package org.wqlab.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * wqlab's p2 repository installed into the IDE-like product by the p2 director, as a user of an Eclipse IDE would
 * install it: the features listed as installed roots and their bundles in the IDE's configuration beside the IDE's own
 * (one of each platform bundle); then the IDE started under the virtual display with the test's driver installed, which
 * opens the Latency Lab perspective, connects the simulated board, runs the default sequence, finds the experiment in
 * the Project Explorer and reads Installation Details (its report is judged here); then the director uninstalls wqlab
 * and the IDE starts without it.
 */
class IdeInstallTest {
    private static final List<String> FEATURES = List.of("org.wqlab.feature.feature.group",
            "org.wqlab.ui.feature.feature.group");
    private static final String DRIVER = "org.wqlab.ide.driver";
    private static final Duration SCENARIO = Duration.ofMinutes(12);
    private static final Duration WINDOW = Duration.ofMinutes(2);

    private final Path p2 = Path.of(System.getProperty("wqlab.p2.repository"));
    private final Path work = Path.of(System.getProperty("wqlab.ide.work"));

    @Test
    void installUseAndUninstall() throws Exception {
        assertNotNull(System.getenv("DISPLAY"), "the IDE needs an X display: set DISPLAY (releng/run-tests starts Xvfb)");
        Ide ide = Ide.copyOf(Path.of(System.getProperty("wqlab.ide.dir")), work);
        List<String> before = ide.configuredBundles();
        assertTrue(before.stream().noneMatch(b -> b.startsWith("org.wqlab.")), "the IDE comes without wqlab");
        List<String> rootsBefore = ide.installedRoots();
        assertEquals(1, rootsBefore.size(), "the IDE's own product alone: " + rootsBefore);

        // wqlab's repository alone: the IDE brings the platform, the repository the rest
        ide.director("-repository", p2.toUri().toString(), "-installIU", String.join(",", FEATURES));
        List<String> roots = ide.installedRoots();
        for (String feature : FEATURES) {
            assertTrue(roots.stream().anyMatch(r -> r.matches(feature.replace(".", "\\.") + "/0\\.1\\.0\\.\\d+")),
                    feature + " installed with its version: " + roots);
        }
        List<String> after = ide.configuredBundles();
        for (String bundle : List.of("org.wqlab.ui,", "org.wqlab.ui.sequence,", "org.wqlab.target.ssh,",
                "com.github.mwiede.jsch,", "org.apache.sshd.osgi,", "org.eclipse.swtchart,", "com.google.gson,",
                "org.yaml.snakeyaml,")) {
            assertEquals(1, after.stream().filter(b -> b.startsWith(bundle)).count(), bundle + " in " + after);
        }
        for (String platform : List.of("org.eclipse.ui,", "org.eclipse.ui.ide,", "org.eclipse.swt,",
                "org.eclipse.ui.navigator.resources,", "org.eclipse.ui.console,", "org.apache.felix.scr,")) {
            assertEquals(before.stream().filter(b -> b.startsWith(platform)).toList(),
                    after.stream().filter(b -> b.startsWith(platform)).toList(), "the IDE's own " + platform);
        }

        // the driver (from the IDE test's own repository) walks wqlab in the IDE
        ide.director("-repository", Path.of(System.getProperty("wqlab.ide.repository")).toUri().toString(),
                "-installIU", DRIVER);
        Path out = Files.createDirectories(work.resolve("scenario"));
        Files.deleteIfExists(out.resolve("report.properties"));
        Path workspace = work.resolve("workspace");
        Process p = ide.start(List.of("-Dwqlab.ide.scenario=" + out, "-Dwqlab.sim.speed=10",
                "-Dwqlab.config.dir=" + work.resolve("wqlab-config")), List.of("-data", workspace.toString(),
                "-consoleLog"), "scenario");
        Ide.assertEnds(p, SCENARIO, ide.lastLog());
        Properties report = report(out.resolve("report.properties"), ide.lastLog());
        assertNull(report.getProperty("error"), () -> "the scenario failed (" + out.resolve("failure.png") + "): "
                + report.getProperty("error"));
        judge(report, out);

        // uninstalled: no wqlab in the profile or the configuration, and the IDE starts on the same workspace
        ide.director("-uninstallIU", String.join(",", FEATURES) + "," + DRIVER);
        assertEquals(rootsBefore, ide.installedRoots(), "the installed roots as before the install");
        List<String> configured = ide.configuredBundles();
        assertTrue(configured.stream().noneMatch(b -> b.startsWith("org.wqlab.")),
                "wqlab's bundles left configured: " + configured);
        assertEquals(before, configured, "the IDE's configuration as before the install");
        Process again = ide.start(List.of(), List.of("-data", workspace.toString(), "-consoleLog"), "after-uninstall");
        try {
            // the IDE's window is titled by its workspace (this product has no branding of its own)
            Windows.waitForTitle(again, t -> t.equals("workspace") || t.startsWith("workspace - "), WINDOW,
                    ide.lastLog());
        } finally {
            again.destroy();
            again.waitFor();
        }
    }

    private static void judge(Properties r, Path out) throws Exception {
        // the IDE's own stays the IDE's: its perspective opens first, its menus, bindings and editors are there
        assertEquals("org.eclipse.ui.resourcePerspective", r.getProperty("ide.perspective.default"));
        assertEquals("org.eclipse.ui.resourcePerspective", r.getProperty("ide.perspective.initial"));
        // wqlab's Run menu is the IDE's own (org.eclipse.ui.run): this IDE has no launching, so wqlab brings it
        assertEquals(List.of("&File", "&Edit", "&Navigate", "&Project", "&Run", "&Window", "&Help"),
                list(r, "ide.menus"), "the IDE's menu bar");
        assertEquals("Ctrl+S", r.getProperty("binding.org.eclipse.ui.file.save"));
        assertEquals("Ctrl+3", r.getProperty("binding.org.eclipse.ui.window.quickAccess"));
        assertEquals("Ctrl+F", r.getProperty("binding.org.eclipse.ui.edit.findReplace"));
        assertEquals("org.eclipse.ui.DefaultTextEditor", r.getProperty("editor.txt"));
        // wqlab's beside it
        assertTrue(list(r, "perspectives").contains("org.wqlab.ui.perspective=Latency Lab"), r.getProperty("perspectives"));
        assertTrue(list(r, "perspectives").contains("org.eclipse.ui.resourcePerspective=Resource"), r.getProperty("perspectives"));
        List<String> views = list(r, "views");
        for (String view : List.of("org.wqlab.ui.boards", "org.wqlab.ui.liveplot", "org.wqlab.ui.experiments",
                "org.wqlab.ui.kmod")) {
            assertTrue(views.contains(view + "=wqlab"), view + " in the wqlab category: " + views);
        }
        assertTrue(views.contains("org.eclipse.ui.navigator.ProjectExplorer=General"), views::toString);
        assertTrue(views.contains("org.eclipse.ui.console.ConsoleView=General"), views::toString);
        List<String> wqlabPages = list(r, "preferences").stream().filter(p -> p.startsWith("org.wqlab.")).toList();
        assertFalse(wqlabPages.isEmpty(), r.getProperty("preferences"));
        wqlabPages.forEach(p -> assertTrue(p.contains("=wqlab"), "under the wqlab node: " + p));
        assertEquals("org.wqlab.ui.sequence.editor", r.getProperty("editor.wqseq"));

        // used: perspective, board, run, Project Explorer
        assertEquals("org.wqlab.ui.perspective", r.getProperty("perspective.opened"));
        assertTrue(list(r, "perspective.views").containsAll(List.of("org.wqlab.ui.boards", "org.wqlab.ui.experiments",
                "org.wqlab.ui.liveplot", "org.eclipse.ui.navigator.ProjectExplorer")), r.getProperty("perspective.views"));
        assertEquals("connected", r.getProperty("board.status"));
        assertEquals("COMPLETED", r.getProperty("run.status"), r.getProperty("run.summary"));
        String experiment = r.getProperty("run.experiment");
        assertTrue(list(r, "explorer.labels").stream().anyMatch(l -> l.startsWith(experiment + "  (worst ")),
                () -> experiment + " in the Project Explorer: " + r.getProperty("explorer.labels"));
        assertTrue(Integer.parseInt(r.getProperty("screenshot.colours")) > 50, "a painted window");
        assertTrue(Files.size(out.resolve("ide-install.png")) > 10_000);

        // Installation Details lists both features with their version
        List<String> installed = list(r, "installed");
        for (String feature : FEATURES) {
            assertTrue(installed.stream().anyMatch(row -> row.matches(".*;0\\.1\\.0\\.\\d+;" + feature.replace(".", "\\."))),
                    feature + " in Installation Details: " + installed);
        }
    }

    private static List<String> list(Properties r, String key) {
        String v = r.getProperty(key, "");
        return v.isEmpty() ? List.of() : Arrays.asList(v.split("\\|"));
    }

    private static Properties report(Path file, Path log) throws Exception {
        assertTrue(Files.isRegularFile(file), () -> "no report from the IDE: " + log);
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }

    @Test
    void repositoryHoldsWqlabAndItsLibrariesNotThePlatform() throws Exception {
        List<String> plugins;
        try (Stream<Path> files = Files.list(p2.resolve("plugins"))) {
            plugins = files.map(f -> f.getFileName().toString()).sorted().toList();
        }
        for (String library : List.of("com.github.mwiede.jsch_", "org.apache.sshd.osgi_", "org.apache.sshd.sftp_",
                "org.eclipse.swtchart_", "com.google.gson_", "org.yaml.snakeyaml_", "slf4j.api_", "bcprov_")) {
            assertTrue(plugins.stream().anyMatch(f -> f.startsWith(library)), library + " in " + plugins);
        }
        assertTrue(plugins.stream().noneMatch(f -> f.startsWith("org.eclipse.") && !f.startsWith("org.eclipse.swtchart_")),
                "no Eclipse platform bundle: " + plugins);
        assertTrue(plugins.stream().noneMatch(f -> f.startsWith("org.wqlab.app_")), "no product branding: " + plugins);
        try (Stream<Path> files = Files.list(p2.resolve("features"))) {
            assertEquals(List.of("org.wqlab.feature", "org.wqlab.ui.feature"),
                    files.map(f -> f.getFileName().toString().replaceAll("_.*", "")).sorted().toList());
        }
        try (Stream<Path> zips = Files.list(p2.getParent())) {
            assertTrue(zips.anyMatch(f -> f.getFileName().toString().matches("wqlab-repository-.*\\.zip")),
                    "the zipped repository beside " + p2);
        }
    }
}
