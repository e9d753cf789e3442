package org.wqlab.analysis.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.wqlab.analysis.regression.RegressionCheck;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.AtomicFiles;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * The baseline experiment of each board ({@code baselines.json}): a board's other runs are checked against it.
 * Boards are named as the experiments' board facts name them (the Experiments view's Board column).
 */
public record Baselines(Map<String, Path> byBoard) {

    public static final String FILE = "baselines.json";
    static final int FORMAT_VERSION = 1;

    public Baselines {
        byBoard = Map.copyOf(byBoard);
    }

    public static Baselines none() {
        return new Baselines(Map.of());
    }

    /** The baselines in {@code file}; none when it does not exist. */
    public static Baselines read(Path file) throws InputException {
        if (!Files.isRegularFile(file)) {
            return none();
        }
        try {
            JsonElement root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8));
            JsonObject o = root.isJsonObject() ? root.getAsJsonObject() : null;
            JsonElement boards = o == null ? null : o.get("baselines");
            if (boards == null || !boards.isJsonObject()) {
                throw new InputException(file, 0, "\"baselines\": expected an object of board name to experiment"
                        + " folder");
            }
            Map<String, Path> out = new TreeMap<>();
            for (Map.Entry<String, JsonElement> e : boards.getAsJsonObject().entrySet()) {
                if (!e.getValue().isJsonPrimitive() || !e.getValue().getAsJsonPrimitive().isString()) {
                    throw new InputException(file, 0, "\"baselines\".\"" + e.getKey()
                            + "\": expected the experiment folder as a string");
                }
                out.put(e.getKey(), Path.of(e.getValue().getAsString()));
            }
            return new Baselines(out);
        } catch (IOException | JsonParseException e) {
            throw new InputException(file, 0, "cannot read the baselines: " + e.getMessage());
        }
    }

    public void write(Path file) throws IOException {
        JsonObject root = new JsonObject();
        root.addProperty("formatVersion", FORMAT_VERSION);
        JsonObject boards = new JsonObject();
        new TreeMap<>(byBoard).forEach((board, dir) -> boards.addProperty(board, dir.toString()));
        root.add("baselines", boards);
        Files.createDirectories(file.toAbsolutePath().getParent());
        AtomicFiles.write(file, (new GsonBuilder().setPrettyPrinting().create().toJson(root) + "\n")
                .getBytes(StandardCharsets.UTF_8));
    }

    public Optional<Path> of(String board) {
        return Optional.ofNullable(byBoard.get(board));
    }

    public Baselines with(String board, Path experiment) {
        Map<String, Path> m = new LinkedHashMap<>(byBoard);
        m.put(board, experiment);
        return new Baselines(m);
    }

    public Baselines without(String board) {
        Map<String, Path> m = new LinkedHashMap<>(byBoard);
        m.remove(board);
        return new Baselines(m);
    }

    /**
     * Each summary with its change against its board's baseline (the default tolerance); summaries of boards
     * without one, or whose baseline is not among them or did not load, are left as they are.
     */
    public List<ExperimentSummary> annotate(List<ExperimentSummary> summaries) {
        RegressionCheck check = new RegressionCheck(RegressionCheck.DEFAULT_TOLERANCE);
        Map<String, ExperimentSummary> baselineOf = new LinkedHashMap<>();
        for (ExperimentSummary s : summaries) {
            if (s.figures() != null && of(s.board()).filter(s.dir()::equals).isPresent()) {
                baselineOf.put(s.board(), s);
            }
        }
        List<ExperimentSummary> out = new ArrayList<>(summaries.size());
        for (ExperimentSummary s : summaries) {
            ExperimentSummary base = baselineOf.get(s.board());
            if (base == null || s.figures() == null) {
                out.add(s.baseline() == null ? s : s.withBaseline(null));
            } else if (base == s) {
                out.add(s.withBaseline(BaselineChange.self(s.name())));
            } else {
                out.add(s.withBaseline(new BaselineChange(base.name(), check.check(base.figures(), s.figures(),
                        s.dir()))));
            }
        }
        return out;
    }
}
