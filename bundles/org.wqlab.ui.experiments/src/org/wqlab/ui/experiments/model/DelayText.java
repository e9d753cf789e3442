package org.wqlab.ui.experiments.model;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.core.model.ExperimentStatus;

/** How delays, dates and statuses read in wqlab's experiment lists. */
public final class DelayText {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private DelayText() {
    }

    /** "1234.5 ms", or "-" when unknown. */
    public static String ms(long us) {
        if (us == ExperimentSummary.UNKNOWN) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f ms", us / 1000.0);
    }

    /** An ISO instant as "2026-11-29 20:25:03" (UTC); anything else unchanged. */
    public static String date(String iso) {
        try {
            return DATE.format(Instant.parse(iso));
        } catch (DateTimeParseException e) {
            return iso;
        }
    }

    public static String status(ExperimentStatus status) {
        return status == null ? "unreadable" : status.word();
    }
}
