import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The build's layering check. docs/architecture.md holds a table of wqlab's bundles with the wqlab bundles each may
 * require and the libraries each may use, and a table of the libraries by bundle and package prefix. Every bundle
 * under bundles/ (test fragments and the UI test support excepted) is checked against it: its Require-Bundle, its
 * Import-Package and the imports of its Java sources. A headless bundle (no "ui" segment in its name) never uses SWT,
 * JFace, the e4 UI or SWTChart, whatever its row says.
 *
 * Run by the root pom in the validate phase as {@code java LayerCheck.java <repository root>}; exits 1 listing every
 * offending manifest or source file with the edge it names.
 */
public class LayerCheck {
    private static final String WQLAB = "org.wqlab";
    private static final Pattern UI_ONLY = Pattern.compile(
            "org\\.eclipse\\.swt(?![\\w-])[\\w.]*|org\\.eclipse\\.jface[\\w.]*|org\\.eclipse\\.e4\\.ui[\\w.]*|org\\.eclipse\\.swtchart[\\w.]*");
    private static final Pattern SOURCE_IMPORT = Pattern.compile(
            "^\\s*import\\s+(?:static\\s+)?([a-z][\\w]*(?:\\.[a-z][\\w]*)+)\\.[A-Z*]", Pattern.MULTILINE);
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    /** One row of the bundle table. */
    record Rules(String bundle, Set<String> wqlabBundles, Set<String> libraries) {
    }

    /** What the two tables say. */
    record Tables(Map<String, Rules> bundles, Map<String, List<String>> libraryPrefixes) {
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        List<String> violations;
        try {
            violations = check(root);
        } catch (IllegalArgumentException e) {
            System.err.println("[wqlab layer check] " + e.getMessage());
            System.exit(1);
            return;
        }
        if (!violations.isEmpty()) {
            System.err.println("[wqlab layer check] dependencies that docs/architecture.md's bundle table does not allow:");
            violations.forEach(v -> System.err.println("  " + v));
            System.exit(1);
        }
        System.out.println("[wqlab layer check] ok: every bundle keeps to its row of docs/architecture.md");
    }

    /** Every violation under {@code root}/bundles of the tables in {@code root}/docs/architecture.md. */
    static List<String> check(Path root) throws IOException {
        Path doc = root.resolve("docs/architecture.md");
        Tables tables = readTables(doc);
        List<String> found = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root.resolve("bundles"))) {
            for (Path bundle : dirs.filter(d -> Files.isRegularFile(d.resolve("META-INF/MANIFEST.MF"))).sorted().toList()) {
                String name = bundle.getFileName().toString();
                if (name.endsWith(".tests") || name.equals("org.wqlab.ui.testing")) {
                    continue;
                }
                Rules rules = tables.bundles().get(name);
                if (rules == null) {
                    found.add(bundle.resolve("META-INF/MANIFEST.MF") + ": bundle " + name + " has no row in " + doc);
                    continue;
                }
                found.addAll(checkBundle(bundle, rules, tables));
            }
        }
        return found;
    }

    static List<String> checkBundle(Path bundle, Rules rules, Tables tables) throws IOException {
        List<String> found = new ArrayList<>();
        Path manifestFile = bundle.resolve("META-INF/MANIFEST.MF");
        Manifest manifest;
        try (var in = Files.newInputStream(manifestFile)) {
            manifest = new Manifest(in);
        }
        for (String header : List.of("Require-Bundle", "Import-Package", "Fragment-Host")) {
            String value = manifest.getMainAttributes().getValue(header);
            for (String name : names(value)) {
                String problem = edgeProblem(rules, tables, name, header.equals("Import-Package"));
                if (problem != null) {
                    found.add(manifestFile + ": " + header + " " + name + ": " + problem);
                }
            }
        }
        Path src = bundle.resolve("src");
        if (Files.isDirectory(src)) {
            try (Stream<Path> files = Files.walk(src)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    Matcher m = SOURCE_IMPORT.matcher(Files.readString(file));
                    Set<String> packages = new LinkedHashSet<>();
                    while (m.find()) {
                        packages.add(m.group(1));
                    }
                    for (String pkg : packages) {
                        String problem = edgeProblem(rules, tables, pkg, true);
                        if (problem != null) {
                            found.add(file + ": imports " + pkg + ": " + problem);
                        }
                    }
                }
            }
        }
        return found;
    }

    /** Why {@code rules}' bundle may not use {@code name} (a bundle, or a package when {@code isPackage}), or null. */
    static String edgeProblem(Rules rules, Tables tables, String name, boolean isPackage) {
        if (name.startsWith("java.") || name.startsWith("javax.")) {
            return null;
        }
        if (!isUiBundle(rules.bundle()) && UI_ONLY.matcher(name).matches()) {
            return "a bundle without 'ui' in its name never uses SWT, JFace, the e4 UI or SWTChart";
        }
        if (name.equals(WQLAB) || name.startsWith(WQLAB + ".")) {
            String owner = isPackage ? owningBundle(tables, name) : name;
            if (owner == null || owner.equals(rules.bundle())) {
                return null;
            }
            return rules.wqlabBundles().contains(owner) ? null
                    : rules.bundle() + " may not depend on " + owner + " (its row allows: "
                            + (rules.wqlabBundles().isEmpty() ? "no wqlab bundle" : String.join(", ", rules.wqlabBundles())) + ")";
        }
        List<String> libraries = new ArrayList<>();
        tables.libraryPrefixes().forEach((library, prefixes) -> {
            if (prefixes.stream().anyMatch(p -> name.equals(p) || name.startsWith(p + "."))) {
                libraries.add(library);
            }
        });
        if (libraries.isEmpty()) {
            return "in no library of the library table";
        }
        return libraries.stream().anyMatch(rules.libraries()::contains) ? null
                : "part of " + String.join(" / ", libraries) + ", which " + rules.bundle() + "'s row does not allow";
    }

    /** The wqlab bundle a package belongs to: the longest bundle name that is the package or a prefix of it. */
    private static String owningBundle(Tables tables, String pkg) {
        String best = null;
        for (String bundle : tables.bundles().keySet()) {
            if ((pkg.equals(bundle) || pkg.startsWith(bundle + ".")) && (best == null || bundle.length() > best.length())) {
                best = bundle;
            }
        }
        return best;
    }

    static boolean isUiBundle(String name) {
        for (String segment : name.split("\\.")) {
            if (segment.equals("ui")) {
                return true;
            }
        }
        return false;
    }

    /** The symbolic names or package names of a manifest header's clauses, without their attributes. */
    static List<String> names(String header) {
        List<String> names = new ArrayList<>();
        if (header == null) {
            return names;
        }
        StringBuilder clause = new StringBuilder();
        boolean quoted = false;
        for (char c : (header + ",").toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                String name = clause.toString().split(";", 2)[0].strip();
                if (!name.isEmpty()) {
                    names.add(name);
                }
                clause.setLength(0);
            } else {
                clause.append(c);
            }
        }
        return names;
    }

    static Tables readTables(Path doc) throws IOException {
        if (!Files.isRegularFile(doc)) {
            throw new IllegalArgumentException(doc + " is missing: it holds the bundle table the layer check reads");
        }
        List<String> lines = Files.readAllLines(doc);
        Map<String, Rules> bundles = new LinkedHashMap<>();
        for (Row row : rows(doc, lines, "layer-table", 4)) {
            String bundle = unquote(row.cells().get(0));
            Set<String> wqlab = new LinkedHashSet<>();
            for (String short_ : list(row.cells().get(2))) {
                wqlab.add(WQLAB + "." + short_);
            }
            bundles.put(bundle, new Rules(bundle, wqlab, new LinkedHashSet<>(list(row.cells().get(3)))));
        }
        Map<String, List<String>> libraries = new LinkedHashMap<>();
        for (Row row : rows(doc, lines, "library-table", 2)) {
            List<String> prefixes = new ArrayList<>();
            Matcher m = CODE.matcher(row.cells().get(1));
            while (m.find()) {
                prefixes.add(m.group(1));
            }
            libraries.put(row.cells().get(0).strip(), prefixes);
        }
        for (Rules rules : bundles.values()) {
            for (String library : rules.libraries()) {
                if (!libraries.containsKey(library)) {
                    throw new IllegalArgumentException(doc + ": the row of " + rules.bundle() + " names library '"
                            + library + "', which the library table does not list");
                }
            }
        }
        return new Tables(bundles, libraries);
    }

    private record Row(int line, List<String> cells) {
    }

    /** The body rows of the table between {@code <!-- NAME:begin -->} and {@code <!-- NAME:end -->}. */
    private static List<Row> rows(Path doc, List<String> lines, String name, int columns) {
        int begin = lines.indexOf("<!-- " + name + ":begin -->");
        int end = lines.indexOf("<!-- " + name + ":end -->");
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException(doc + ": no table between <!-- " + name + ":begin --> and <!-- "
                    + name + ":end -->");
        }
        List<Row> rows = new ArrayList<>();
        for (int i = begin + 1; i < end; i++) {
            String line = lines.get(i).strip();
            if (!line.startsWith("|") || line.matches("\\|[-| ]+\\|")) {
                continue;
            }
            List<String> cells = new ArrayList<>(List.of(line.substring(1, line.length() - 1).split("\\|", -1)));
            if (cells.size() != columns) {
                throw new IllegalArgumentException(doc + " line " + (i + 1) + ": " + cells.size() + " columns, the "
                        + name + " has " + columns);
            }
            rows.add(new Row(i + 1, cells));
        }
        return rows.isEmpty() ? rows : rows.subList(1, rows.size()); // the first row is the header
    }

    private static String unquote(String cell) {
        return cell.strip().replace("`", "");
    }

    /** A cell's comma-separated entries; "-" is none. */
    private static List<String> list(String cell) {
        List<String> entries = new ArrayList<>();
        for (String entry : cell.split(",")) {
            String e = unquote(entry);
            if (!e.isEmpty() && !e.equals("-")) {
                entries.add(e);
            }
        }
        return entries;
    }
}
