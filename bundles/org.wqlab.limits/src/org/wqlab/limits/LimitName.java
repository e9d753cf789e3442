package org.wqlab.limits;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** What a limit bounds, by its name in files and on the command line, and the unit of its values. */
public enum LimitName {
    /** The largest delay reported after any USB disconnect (in its window), in ms. */
    WORST_AFTER_DISCONNECT("worst.after.disconnect.ms", Unit.MS),
    /** The 99th percentile of the delays reported outside every disconnect window, in ms. */
    P99("p99.ms", Unit.MS),
    /** Reports the module numbered but the log does not hold. */
    LOST_REPORTS("lost.reports", Unit.COUNT),
    /** The 90th percentile of the per-disconnect worst delays (a soak run's many disconnects), in ms. */
    P90_WORST_AFTER_DISCONNECT("p90.worst.after.disconnect.ms", Unit.MS);

    /** The unit of a limit's values and of the measured value beside it. */
    public enum Unit {
        MS("ms"), COUNT("");

        private final String symbol;

        Unit(String symbol) {
            this.symbol = symbol;
        }

        /** {@code 12.5 ms}, {@code 3}. */
        public String format(double value) {
            String number = this == COUNT || value == Math.rint(value) && Math.abs(value) < 1e15
                    ? Long.toString(Math.round(value))
                    : Double.toString(value);
            return symbol.isEmpty() ? number : number + " " + symbol;
        }
    }

    private final String fileName;
    private final Unit unit;

    LimitName(String fileName, Unit unit) {
        this.fileName = fileName;
        this.unit = unit;
    }

    public String fileName() {
        return fileName;
    }

    public Unit unit() {
        return unit;
    }

    public static Optional<LimitName> byFileName(String name) {
        return Arrays.stream(values()).filter(n -> n.fileName.equals(name)).findFirst();
    }

    /** The names for a message: {@code worst.after.disconnect.ms, p99.ms, ...}. */
    public static String fileNames() {
        return Arrays.stream(values()).map(LimitName::fileName).collect(Collectors.joining(", "));
    }
}
