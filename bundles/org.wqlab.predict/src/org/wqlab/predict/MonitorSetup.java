package org.wqlab.predict;

import java.util.Map;

/**
 * How latency-mon watched the run (its module parameters as the run loaded it); the model's monitor is set the same
 * way, so its delays are the same kind of figure.
 *
 * @param cpu -1 for every CPU
 */
public record MonitorSetup(long periodMs, long thresholdMs, int cpu) {

    public static MonitorSetup of(Map<String, String> parameters) {
        return new MonitorSetup(integer(parameters.get("period_ms"), 100),
                integer(parameters.get("threshold_ms"), 9), integer(parameters.get("cpu"), 0));
    }

    private static int integer(String s, int absent) {
        try {
            return s == null ? absent : Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return absent;
        }
    }
}
