package org.wqlab.product.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build's layering rule (releng/checks/LayerCheck.java) run on bundles made for the purpose. */
class LayerCheckTest {
    @TempDir
    Path bundles;

    @Test
    void headlessBundleRequiringSwtFailsNamingIt() throws Exception {
        manifest("org.wqlab.core", "Require-Bundle: org.eclipse.swt,\n org.wqlab.util\n");

        Result result = runCheck();

        assertEquals(1, result.exitCode());
        assertTrue(result.output().contains("org.wqlab.core"), result.output());
        assertTrue(result.output().contains("Require-Bundle names org.eclipse.swt"), result.output());
    }

    @Test
    void headlessSourceImportingJfaceFailsNamingTheFile() throws Exception {
        manifest("org.wqlab.klog", "Import-Package: com.google.gson\n");
        Path source = bundles.resolve("org.wqlab.klog/src/org/wqlab/klog/Parser.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "package org.wqlab.klog;\nimport org.eclipse.jface.viewers.Viewer;\nclass Parser {}\n");

        Result result = runCheck();

        assertEquals(1, result.exitCode());
        assertTrue(result.output().contains("Parser.java: imports org.eclipse.jface.viewers.Viewer"), result.output());
    }

    @Test
    void uiBundlesMayUseSwtAndChartsAndHeadlessOnesMayUseOtherEclipseBundles() throws Exception {
        manifest("org.wqlab.ui.plot", "Require-Bundle: org.eclipse.swt, org.eclipse.swtchart, org.eclipse.e4.ui.di\n");
        manifest("org.wqlab.core", "Require-Bundle: org.eclipse.core.runtime, org.eclipse.equinox.security\n");
        manifest("org.wqlab.sim", "Import-Package: org.eclipse.swtx.notswt\n");

        Result result = runCheck();

        assertEquals(0, result.exitCode(), result.output());
    }

    private void manifest(String bundle, String headers) throws IOException {
        Path file = bundles.resolve(bundle).resolve("META-INF/MANIFEST.MF");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "Manifest-Version: 1.0\nBundle-SymbolicName: " + bundle + "\n" + headers + "\n");
    }

    private record Result(int exitCode, String output) {
    }

    private Result runCheck() throws Exception {
        Path check = Path.of(System.getProperty("wqlab.repo.root"), "releng/checks/LayerCheck.java");
        Path java = Path.of(System.getProperty("java.home"), "bin/java");
        Process process = new ProcessBuilder(java.toString(), check.toString(), bundles.toString())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("layer check did not finish");
        }
        return new Result(process.exitValue(), output);
    }
}
