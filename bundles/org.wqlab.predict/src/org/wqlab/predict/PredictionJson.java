package org.wqlab.predict;

import java.io.IOException;
import java.io.StringWriter;

import com.google.gson.stream.JsonWriter;

/**
 * {@code wqlab predict --json}: {@code kind} "prediction" and its label, {@code predictedWorstUs}, {@code rangeUs}
 * [low, high], the what-if, the fitted parameters with their sources, the residual of each run and the model run's
 * timeline. Microseconds, as every time figure of {@code stats --json}.
 */
public final class PredictionJson {

    private PredictionJson() {
    }

    public static String of(Prediction p) {
        StringWriter s = new StringWriter();
        try (JsonWriter w = new JsonWriter(s)) {
            w.setIndent("  ");
            w.beginObject();
            w.name("kind").value("prediction");
            w.name("label").value(Prediction.LABEL);
            w.name("predictedWorstUs").value(p.predictedWorstUs());
            w.name("rangeUs").beginArray().value(p.lowUs()).value(p.highUs()).endArray();
            w.name("cachedBytes").value(p.cachedBytes());
            WhatIf wi = p.whatIf();
            w.name("whatIf").beginObject();
            w.name("cachedBytes").value(wi.cachedBytes());
            w.name("cpuIntensiveThreshUs").value(wi.threshUs());
            w.name("irqCpu").value(wi.irqCpu());
            w.name("kernel").value(wi.kernel());
            w.name("umount").value(wi.umount());
            w.endObject();
            w.name("hubEventCpuUs").value(p.model().hubEventCpuUs());
            w.name("markedCpuIntensive").value(p.model().markedCpuIntensive());
            w.name("parameters").beginArray();
            for (FittedParameter f : p.twin().parameters()) {
                w.beginObject().name("key").value(f.key()).name("name").value(f.name()).name("value").value(f.value())
                        .name("source").value(f.source()).endObject();
            }
            w.endArray();
            w.name("residuals").beginArray();
            for (Residual r : p.twin().residuals()) {
                w.beginObject().name("experiment").value(r.experiment()).name("name").value(r.name())
                        .name("cachedMib").value(Math.round(r.cachedMib())).name("cpuIntensiveThreshUs")
                        .value(r.threshUs()).name("capped").value(r.capped()).name("measuredWorstUs")
                        .value(r.measuredWorstUs()).name("modelWorstUs").value(Math.round(r.modelWorstUs()))
                        .name("residualUs").value(Math.round(r.residualUs())).endObject();
            }
            w.endArray();
            w.name("timeline").beginArray();
            for (ModelOutcome.TimelinePoint t : p.model().timeline()) {
                w.beginObject().name("atUs").value(t.atUs()).name("event").value(t.what()).name("cpu").value(t.cpu())
                        .name("delayUs").value(t.delayUs()).endObject();
            }
            w.endArray();
            w.endObject();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return s + "\n";
    }
}
