package org.wqlab.kmod;

/** A load outcome that is not {@link LoadOutcome.Loaded}, as one sentence for a user (never the record's fields). */
public final class LoadOutcomeSentence {

    private LoadOutcomeSentence() {
    }

    public static String of(LoadOutcome outcome) {
        return switch (outcome) {
            case LoadOutcome.Loaded l -> "loaded " + l.identity().name() + " from " + l.remotePath();
            case LoadOutcome.Incompatible i -> "the module does not fit the board's kernel: "
                    + String.join("; ", i.problems());
            case LoadOutcome.InvalidParameters p -> "the module does not accept these parameters: "
                    + String.join("; ", p.problems());
            case LoadOutcome.AlreadyLoaded a -> a.name() + " is loaded already; unload it first";
            case LoadOutcome.KernelRefused k -> "the kernel refused " + k.remotePath() + ": "
                    + k.insmodMessage().strip() + lastLine(k.dmesgLines());
            case LoadOutcome.NotVerified n -> "loaded, but the board does not show it as asked: "
                    + String.join("; ", n.problems());
        };
    }

    private static String lastLine(java.util.List<String> dmesg) {
        return dmesg.isEmpty() ? "" : " (kernel log: " + dmesg.get(dmesg.size() - 1).strip() + ")";
    }
}
