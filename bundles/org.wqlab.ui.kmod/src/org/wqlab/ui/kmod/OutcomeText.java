package org.wqlab.ui.kmod;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.wqlab.kmod.LoadOutcome;
import org.wqlab.kmod.ModuleState;
import org.wqlab.kmod.UnloadOutcome;

/** What the part shows for a state or an outcome: a one-line summary and the details (problems, dmesg lines). */
final class OutcomeText {

    record Text(String summary, String details, boolean error) {
    }

    private OutcomeText() {
    }

    static Text of(Object result) {
        return switch (result) {
            case ModuleState.NotLoaded n -> new Text(n.name() + " is not loaded", "", false);
            case ModuleState.Loaded l -> new Text(l.name() + " is loaded" + params(l.parameters()), "", false);
            case LoadOutcome.Loaded l -> new Text(l.identity().name() + " is loaded"
                    + params(l.identity().parameters()),
                    "from " + l.remotePath() + "\nsrcversion " + l.identity().srcversion() + "\nvermagic "
                            + l.identity().vermagic() + "\nsha256 " + l.identity().sha256()
                            + (l.unverified().isEmpty() ? ""
                                    : "\nnot shown in /sys/module/" + l.identity().name() + "/parameters: "
                                            + String.join(", ", l.unverified())),
                    false);
            case LoadOutcome.Incompatible i -> new Text("Refused before copying: the module does not fit this kernel",
                    lines(i.problems()), true);
            case LoadOutcome.InvalidParameters p -> new Text("Refused before copying: parameters",
                    lines(p.problems()), true);
            case LoadOutcome.AlreadyLoaded a -> new Text(a.name() + " is loaded already (reload offered)",
                    lines(a.dmesgLines()), true);
            case LoadOutcome.KernelRefused k -> new Text("The kernel refused the module: " + k.error().errnoText(),
                    k.insmodMessage() + "\n" + lines(k.dmesgLines()), true);
            case LoadOutcome.NotVerified v -> new Text("Loaded, but not as asked",
                    lines(v.problems()) + "\n" + lines(v.dmesgLines()), true);
            case UnloadOutcome.Unloaded u -> new Text(u.name() + " unloaded", "", false);
            case UnloadOutcome.WasNotLoaded w -> new Text(w.name() + " was not loaded", "", false);
            case UnloadOutcome.Failed f -> new Text("rmmod " + f.name() + " failed",
                    f.rmmodMessage() + "\n" + lines(f.dmesgLines()), true);
            case java.nio.file.Path built -> new Text("Built " + built, "", false);
            default -> new Text(String.valueOf(result), "", false);
        };
    }

    private static String params(Map<String, String> parameters) {
        return parameters.isEmpty() ? "" : " with " + parameters.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).sorted().collect(Collectors.joining(" "));
    }

    private static String lines(List<String> lines) {
        return String.join("\n", lines);
    }
}
