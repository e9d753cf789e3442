package org.wqlab.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.AnomalyKind;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.analysis.Analysis;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ImportSource;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.samples.Boots;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.stats.CycleDistribution;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.HistogramBin;
import org.wqlab.core.stats.Statistics;

import org.wqlab.limits.Assessment;
import org.wqlab.limits.OutcomeJson;
import org.wqlab.klog.LogYear;

import com.google.gson.GsonBuilder;
import com.google.gson.stream.JsonWriter;

/** The stable JSON of {@code wqlab stats --json}; documented field by field in README.md (Headless commands). */
final class StatsJson {

    /** 2: {@code boots} added, the top-level figures are those of the log's last boot. */
    static final int FORMAT_VERSION = 2;

    private StatsJson() {
    }

    /** One boot of the log and its statistics. */
    record BootFigures(Boots.Boot boot, Statistics statistics) {
    }

    /**
     * @param boots every boot of the log in order, at least one; the top-level figures are those of the last one
     */
    static String toJson(String kind, Path path, ExperimentMetadata metadata, Optional<LogYear> year,
            List<BootFigures> boots,
            Analysis analysis, Optional<Assessment> assessment) {
        BootFigures lastBoot = boots.get(boots.size() - 1);
        StringWriter sw = new StringWriter();
        try (JsonWriter w = new JsonWriter(sw)) {
            w.setIndent("  ");
            w.setHtmlSafe(false);
            w.beginObject();
            w.name("formatVersion").value(FORMAT_VERSION);
            w.name("source").beginObject();
            w.name("kind").value(kind);
            w.name("path").value(path.toString());
            w.name("experimentId").value(metadata == null ? null : metadata.id());
            w.name("name").value(metadata == null ? null : metadata.name());
            w.name("yearOfDates");
            if (year.isPresent()) {
                w.beginObject();
                w.name("year").value(year.get().year());
                w.name("basis").value(year.get().basis());
                w.name("guessed").value(year.get().guessed());
                w.endObject();
            } else {
                w.nullValue();
            }
            w.name("importedFrom");
            ImportSource from = metadata == null ? null : metadata.source();
            if (from != null) {
                w.beginObject();
                w.name("name").value(from.name());
                w.name("file").value(from.file());
                w.name("bytes").value(from.bytes());
                w.name("sha256").value(from.sha256());
                w.name("importer").value(from.importer());
                w.endObject();
            } else {
                w.nullValue();
            }
            w.endObject();
            writeFigures(w, lastBoot.boot().content(), lastBoot.statistics());
            w.name("boots").beginArray();
            for (BootFigures b : boots) {
                w.beginObject();
                w.name("boot").value(b.boot().number());
                w.name("firstLine").value(b.boot().firstLine());
                w.name("lastLine").value(b.boot().lastLine());
                w.name("startedBy").value(b.boot().startedBy());
                writeFigures(w, b.boot().content(), b.statistics());
                w.endObject();
            }
            w.endArray();
            ExplainVerb.writeVerdict(w, analysis);
            w.name("outcome");
            if (assessment.isPresent()) {
                new GsonBuilder().serializeNulls().disableHtmlEscaping().create()
                        .toJson(OutcomeJson.toJson(assessment.get()), w);
            } else {
                w.nullValue();
            }
            w.endObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sw + "\n";
    }

    /** The figures of one boot (or of the whole log when it holds one). */
    private static void writeFigures(JsonWriter w, LogContent c, Statistics s) throws IOException {
        w.name("lines").beginObject();
        w.name("total").value(c.totalLines());
        w.name("samples").value(c.samples().size());
        w.name("events").value(c.events().size());
        w.name("anomalies").value(c.anomalies().size());
        w.name("context").value(c.rawLines());
        w.endObject();
        w.name("anomaliesByKind").beginObject();
        Map<AnomalyKind, Long> byKind = new EnumMap<>(AnomalyKind.class);
        for (AnomalyKind k : AnomalyKind.values()) {
            byKind.put(k, 0L);
        }
        for (Anomaly a : c.anomalies()) {
            byKind.merge(a.kind(), 1L, Long::sum);
        }
        for (Map.Entry<AnomalyKind, Long> e : byKind.entrySet()) {
            w.name(e.getKey().name()).value(e.getValue());
        }
        w.endObject();
        w.name("thresholdUs").value(s.thresholdUs());
        w.name("thresholdFromLog").value(s.thresholdFromLog());
        w.name("lateRunsOnly").value(s.lateRunsOnly());
        w.name("delayUs").beginObject();
        w.name("count").value(s.count());
        boolean any = s.count() > 0;
        nullable(w.name("min"), any, s.minUs());
        nullable(w.name("max"), any, s.maxUs());
        if (any) {
            w.name("mean").value(Math.round(s.meanUs() * 1000) / 1000.0);
        } else {
            w.name("mean").nullValue();
        }
        nullable(w.name("p50"), any, s.p50Us());
        nullable(w.name("p90"), any, s.p90Us());
        nullable(w.name("p99"), any, s.p99Us());
        nullable(w.name("p99_9"), any, s.p999Us());
        w.endObject();
        w.name("lostReports").value(s.lostReports());
        w.name("histogram").beginArray();
        boolean first = true;
        for (HistogramBin b : s.histogram()) {
            w.beginObject();
            if (first) {
                w.name("fromUs").nullValue();
            } else {
                w.name("fromUs").value(b.fromUs());
            }
            first = false;
            w.name("toUs").value(b.toUs());
            w.name("count").value(b.count());
            w.endObject();
        }
        w.endArray();
        w.name("usbDisconnects").beginArray();
        for (DisconnectImpact d : s.disconnects()) {
            w.beginObject();
            w.name("line").value(d.line());
            w.name("device").value(d.device());
            time(w.name("timestampUs"), d.timestampUs());
            time(w.name("windowEndUs"), d.windowEndUs());
            w.name("worstDelayUs").value(d.worstDelayUs());
            if (d.worstDelayUs() == null) {
                w.name("worstLine").nullValue();
            } else {
                w.name("worstLine").value(d.worstLine());
            }
            w.name("recoveryUs").value(d.recoveryUs());
            w.name("recoveryBasis").value(d.recoveryBasis());
            w.endObject();
        }
        w.endArray();
        writeCycles(w, CycleDistribution.of(s));
        writeWorkqueueWarnings(w, c);
    }

    /** The kernel's own workqueue warnings: CPU hogs (a running count) and pool lockups. */
    private static void writeWorkqueueWarnings(JsonWriter w, LogContent c) throws IOException {
        w.name("workqueueHogs").beginArray();
        for (Event e : c.events()) {
            if (e.kind() == EventKind.WORKQUEUE_HOG) {
                w.beginObject();
                w.name("line").value(e.line());
                time(w.name("timestampUs"), e.timestampUs());
                w.name("function").value(e.subject());
                number(w.name("thresholdUs"), e.field("threshold_us"));
                number(w.name("times"), e.field("times"));
                number(w.name("timesSincePrevious"), e.field("times_since_previous"));
                w.endObject();
            }
        }
        w.endArray();
        w.name("workqueueLockups").beginArray();
        for (Event e : c.events()) {
            if (e.kind() == EventKind.WORKQUEUE_LOCKUP) {
                w.beginObject();
                w.name("line").value(e.line());
                time(w.name("timestampUs"), e.timestampUs());
                w.name("pool").value(e.subject());
                w.name("cpus").value(e.field("cpus"));
                number(w.name("stuckS"), e.field("stuck_s"));
                number(w.name("dumpFirstLine"), e.field("dump_first_line"));
                number(w.name("dumpLastLine"), e.field("dump_last_line"));
                number(w.name("poolId"), e.field("pool_id"));
                number(w.name("hungS"), e.field("hung_s"));
                functions(w.name("inFlight"), e.field("in_flight"));
                functions(w.name("pending"), e.field("pending"));
                w.endObject();
            }
        }
        w.endArray();
    }

    /** A comma-separated list of work functions as an array (empty when none). */
    private static void functions(JsonWriter w, String list) throws IOException {
        w.beginArray();
        if (list != null) {
            for (String f : list.split(",")) {
                w.value(f);
            }
        }
        w.endArray();
    }

    private static void number(JsonWriter w, String digits) throws IOException {
        if (digits == null) {
            w.nullValue();
        } else {
            w.value(Long.parseLong(digits));
        }
    }

    /** The worst delay per disconnect cycle and its distribution ({@link CycleDistribution}). */
    static void writeCycles(JsonWriter w, CycleDistribution d) throws IOException {
        w.name("cycles").beginObject();
        w.name("count").value(d.cycles());
        boolean any = d.cycles() > 0;
        nullable(w.name("minUs"), any, d.minUs());
        nullable(w.name("medianUs"), any, d.medianUs());
        nullable(w.name("p90Us"), any, d.p90Us());
        nullable(w.name("maxUs"), any, d.maxUs());
        w.name("worstUs").beginArray();
        for (long v : d.worstUs()) {
            w.value(v);
        }
        w.endArray();
        w.endObject();
    }

    private static void nullable(JsonWriter w, boolean present, long v) throws IOException {
        if (present) {
            w.value(v);
        } else {
            w.nullValue();
        }
    }

    private static void time(JsonWriter w, long us) throws IOException {
        if (us == LogEntry.NO_TIME) {
            w.nullValue();
        } else {
            w.value(us);
        }
    }
}
