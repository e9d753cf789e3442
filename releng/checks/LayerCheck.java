import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Build-time layering rule: a bundle without "ui" in its name must not depend on SWT, JFace, the e4 UI or
 * SWTChart, neither through its MANIFEST.MF nor through an import in its sources. Run by the root pom in the
 * validate phase as {@code java LayerCheck.java <bundles dir>}; exits 1 naming every offending bundle.
 */
public class LayerCheck {
    private static final Pattern FORBIDDEN = Pattern.compile(
            "org\\.eclipse\\.swt(?![\\w-])[\\w.]*|org\\.eclipse\\.jface[\\w.]*|org\\.eclipse\\.e4\\.ui[\\w.]*|org\\.eclipse\\.swtchart[\\w.]*");
    private static final Pattern SOURCE_IMPORT = Pattern.compile(
            "^\\s*import\\s+(static\\s+)?(org\\.eclipse\\.(swt|jface|e4\\.ui|swtchart)[\\w.]*)", Pattern.MULTILINE);

    public static void main(String[] args) throws IOException {
        Path bundles = Path.of(args.length > 0 ? args[0] : "bundles");
        List<String> violations = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(bundles)) {
            for (Path bundle : dirs.filter(Files::isDirectory).sorted().toList()) {
                if (!isUiBundle(bundle.getFileName().toString())) {
                    violations.addAll(check(bundle));
                }
            }
        }
        if (!violations.isEmpty()) {
            System.err.println("[wqlab layer check] bundles without 'ui' in their name must not depend on SWT, JFace, e4 UI or SWTChart:");
            violations.forEach(v -> System.err.println("  " + v));
            System.exit(1);
        }
        System.out.println("[wqlab layer check] ok: no headless bundle depends on SWT, JFace, e4 UI or SWTChart");
    }

    static boolean isUiBundle(String name) {
        for (String segment : name.split("\\.")) {
            if (segment.equals("ui")) {
                return true;
            }
        }
        return false;
    }

    static List<String> check(Path bundle) throws IOException {
        List<String> found = new ArrayList<>();
        Path manifestFile = bundle.resolve("META-INF/MANIFEST.MF");
        if (Files.isRegularFile(manifestFile)) {
            Manifest manifest;
            try (var in = Files.newInputStream(manifestFile)) {
                manifest = new Manifest(in);
            }
            for (String header : List.of("Require-Bundle", "Import-Package", "Fragment-Host")) {
                String value = manifest.getMainAttributes().getValue(header);
                if (value == null) {
                    continue;
                }
                var matcher = FORBIDDEN.matcher(value);
                while (matcher.find()) {
                    found.add(manifestFile + ": " + header + " names " + matcher.group());
                }
            }
        }
        Path src = bundle.resolve("src");
        if (Files.isDirectory(src)) {
            try (Stream<Path> files = Files.walk(src)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    var matcher = SOURCE_IMPORT.matcher(Files.readString(file));
                    while (matcher.find()) {
                        found.add(file + ": imports " + matcher.group(2));
                    }
                }
            }
        }
        return found;
    }
}
