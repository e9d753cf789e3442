import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layer check against the repository as it is, and against a copy of it with one forbidden edge added: each
 * must fail naming the manifest or source file and the edge.
 */
class LayerCheckTest {
    private static final Path REPO = Path.of(System.getProperty("wqlab.repo.root", "../..")).toAbsolutePath().normalize();

    @TempDir
    Path copy;

    @BeforeEach
    void copyTheRepository() throws IOException {
        Files.createDirectories(copy.resolve("docs"));
        Files.copy(REPO.resolve("docs/architecture.md"), copy.resolve("docs/architecture.md"));
        try (var bundles = Files.list(REPO.resolve("bundles"))) {
            for (Path bundle : bundles.filter(b -> Files.isRegularFile(b.resolve("META-INF/MANIFEST.MF"))).toList()) {
                Path target = copy.resolve("bundles").resolve(bundle.getFileName().toString());
                Files.createDirectories(target.resolve("META-INF"));
                Files.copy(bundle.resolve("META-INF/MANIFEST.MF"), target.resolve("META-INF/MANIFEST.MF"));
            }
        }
    }

    @Test
    void theRepositoryKeepsToItsTable() throws IOException {
        assertEquals(List.of(), LayerCheck.check(REPO));
    }

    @Test
    void coreRequiringTheSequenceBundleIsRefused() throws IOException {
        Path manifest = manifest("org.wqlab.core");
        append(manifest, "Require-Bundle: org.wqlab.sequence\n");

        List<String> violations = LayerCheck.check(copy);

        assertEquals(1, violations.size(), violations.toString());
        assertTrue(violations.get(0).startsWith(manifest + ": Require-Bundle org.wqlab.sequence: "), violations.get(0));
        assertTrue(violations.get(0).contains("org.wqlab.core may not depend on org.wqlab.sequence"), violations.get(0));
    }

    @Test
    void boardsImportingMinaSshdIsRefused() throws IOException {
        Path manifest = manifest("org.wqlab.boards");
        String text = Files.readString(manifest).replace("Import-Package: ",
                "Import-Package: org.apache.sshd.server.keyprovider;version=\"[2.20.0,3.0.0)\",\n ");
        Files.writeString(manifest, text);

        List<String> violations = LayerCheck.check(copy);

        assertEquals(List.of(manifest + ": Import-Package org.apache.sshd.server.keyprovider: part of MINA SSHD,"
                + " which org.wqlab.boards's row does not allow"), violations);
    }

    @Test
    void aSourceImportIsCheckedLikeTheManifest() throws IOException {
        Path source = copy.resolve("bundles/org.wqlab.klog/src/org/wqlab/klog/Leak.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, """
                package org.wqlab.klog;

                import com.jcraft.jsch.JSch;
                import org.wqlab.boards.BoardRegistry;

                class Leak {
                }
                """);

        List<String> violations = LayerCheck.check(copy);

        assertEquals(2, violations.size(), violations.toString());
        assertTrue(violations.contains(source + ": imports com.jcraft.jsch: part of JSch, which org.wqlab.klog's row"
                + " does not allow"), violations.toString());
        assertTrue(violations.stream().anyMatch(v -> v.startsWith(source + ": imports org.wqlab.boards: "
                + "org.wqlab.klog may not depend on org.wqlab.boards")), violations.toString());
    }

    @Test
    void aHeadlessBundleNeverUsesSwtEvenWhenItsRowSaysEclipseUi() throws IOException {
        Path doc = copy.resolve("docs/architecture.md");
        Files.writeString(doc, Files.readString(doc).replace(
                "| `org.wqlab.live` | the live session a running sequence feeds | core, klog | - |",
                "| `org.wqlab.live` | the live session a running sequence feeds | core, klog | Eclipse UI |"));
        Path manifest = manifest("org.wqlab.live");
        String text = Files.readString(manifest).replace("Require-Bundle: ", "Require-Bundle: org.eclipse.swt,\n ");
        Files.writeString(manifest, text);

        List<String> violations = LayerCheck.check(copy);

        assertEquals(List.of(manifest + ": Require-Bundle org.eclipse.swt: a bundle without 'ui' in its name never"
                + " uses SWT, JFace, the e4 UI or SWTChart"), violations);
    }

    @Test
    void aBundleWithoutARowIsNamed() throws IOException {
        Path manifest = copy.resolve("bundles/org.wqlab.unlisted/META-INF/MANIFEST.MF");
        Files.createDirectories(manifest.getParent());
        Files.writeString(manifest, "Manifest-Version: 1.0\nBundle-SymbolicName: org.wqlab.unlisted\n");

        List<String> violations = LayerCheck.check(copy);

        assertEquals(List.of(manifest + ": bundle org.wqlab.unlisted has no row in " + copy.resolve("docs/architecture.md")),
                violations);
    }

    @Test
    void theBuildFailsNamingTheManifestAndTheEdge() throws Exception {
        Path manifest = manifest("org.wqlab.core");
        append(manifest, "Require-Bundle: org.wqlab.sequence\n");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), Path.of("src/main/java/LayerCheck.java").toAbsolutePath().toString(),
                copy.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the check did not end");

        assertEquals(1, p.exitValue(), output);
        assertTrue(output.contains(manifest + ": Require-Bundle org.wqlab.sequence: org.wqlab.core may not depend on"
                + " org.wqlab.sequence"), output);
    }

    @Test
    void aTableNamingAnUnknownLibraryIsAnError() throws IOException {
        Path doc = copy.resolve("docs/architecture.md");
        Files.writeString(doc, Files.readString(doc).replace("| core, klog | - |", "| core, klog | Guava |"));

        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> LayerCheck.check(copy));

        assertEquals(doc + ": the row of org.wqlab.live names library 'Guava', which the library table does not list",
                e.getMessage());
    }

    private Path manifest(String bundle) {
        return copy.resolve("bundles").resolve(bundle).resolve("META-INF/MANIFEST.MF");
    }

    private static void append(Path manifest, String header) throws IOException {
        String text = Files.readString(manifest);
        if (!text.endsWith("\n")) {
            text += "\n";
        }
        Files.writeString(manifest, text + header);
    }
}
