package org.wqlab.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.wqlab.analysis.trace.WorkTimeline;
import org.wqlab.analysis.why.DelayBreakdowns;
import org.wqlab.analysis.why.KworkRow;
import org.wqlab.analysis.why.KworkTable;
import org.wqlab.analysis.why.TaskDump;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.InputException;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;

/** Attribution and verdict for one experiment folder, from its kernel log, its trace and its recorded facts. */
public final class ExperimentAnalyzer {

    /** The original module's period; the improved module states its own in its start line. */
    public static final long DEFAULT_PERIOD_US = 100_000;

    private ExperimentAnalyzer() {
    }

    /** Analyzes the folder and writes {@code analysis.json} into it. */
    public static Analysis analyzeAndWrite(ExperimentFolder folder) throws InputException, IOException {
        Analysis a = analyze(folder);
        AnalysisFiles.write(folder, a);
        return a;
    }

    public static Analysis analyze(ExperimentFolder folder) throws InputException {
        LoadedExperiment e = ExperimentLoader.load(folder);
        Path trace = AnalysisFiles.traceLog(folder);
        WorkTimeline timeline = null;
        if (Files.isRegularFile(trace)) {
            try {
                timeline = WorkTimeline.read(trace);
            } catch (IOException ex) {
                throw new InputException(trace, 0, "cannot read: " + ex.getMessage(), ex);
            }
        }
        VerdictFacts facts = VerdictFacts.from(e.metadata().boardFacts(), folder.dir().resolve("run.json"));
        int moduleCpu = moduleCpu(e);
        return analyze(folder.id(), e.content(), timeline, facts, moduleCpu);
    }

    /** The analysis of already loaded parts (a null timeline: no trace). */
    public static Analysis analyze(String id, LogContent content, WorkTimeline timeline, VerdictFacts facts,
            int moduleCpu) {
        Statistics stats = StatisticsCalculator.compute(content);
        long periodUs = period(content.events());
        List<AttributedDelay> delays = explain(Attribution.attribute(content.samples(), stats.thresholdUs(), moduleCpu,
                timeline), timeline);
        List<String> notes = timeline == null ? List.of() : timeline.notes();
        boolean traced = timeline != null && notes.stream().noneMatch(n -> n.contains("skipped"));
        int monitorCpu = moduleCpu >= 0 ? moduleCpu
                : delays.stream().mapToInt(AttributedDelay::cpu).filter(c -> c >= 0).findFirst().orElse(-1);
        Verdict verdict = VerdictBuilder.build(new VerdictBuilder.Input((int) stats.count(), stats.maxUs(),
                stats.thresholdUs(), periodUs, monitorCpu, delays, content.events(), facts, traced, notes,
                Attribution.longestOnPool(timeline, monitorCpu)));
        Analysis.TraceSummary summary = timeline == null
                ? new Analysis.TraceSummary(false, 0, 0, 0, 0, false, List.of(), false)
                : new Analysis.TraceSummary(traced, timeline.lines(), timeline.events(), timeline.lostEvents(),
                        timeline.executions().size(), timeline.schedTraced(), notes, timeline.activity().irqTraced());
        List<KworkRow> kwork = timeline == null ? List.of() : KworkTable.of(timeline, Attribution::isMonitor);
        return new Analysis(Analysis.FORMAT_VERSION, id, verdict, stats.thresholdUs(), periodUs, monitorCpu, delays,
                summary, facts, kwork);
    }

    /** Each delay's breakdown and the tasks of every CPU around it, when there is a trace. */
    private static List<AttributedDelay> explain(List<AttributedDelay> delays, WorkTimeline timeline) {
        if (timeline == null || timeline.events() == 0) {
            return delays;
        }
        DelayBreakdowns why = new DelayBreakdowns(timeline);
        return delays.stream().map(d -> d.explained(why.of(d.cpu(), d.lateFromUs(), d.lateToUs()),
                List.of(why.tasksAt(TaskDump.RUNNABLE, d.runnableUs()),
                        why.tasksAt(TaskDump.STALL_END, d.lateToUs() - 1)))).toList();
    }

    private static long period(List<Event> events) {
        for (int i = events.size() - 1; i >= 0; i--) {
            Event e = events.get(i);
            if (e.kind() == EventKind.MODULE_START && e.field("period_ms") != null) {
                try {
                    return Long.parseLong(e.field("period_ms")) * 1000;
                } catch (NumberFormatException ignored) {
                    break;
                }
            }
        }
        return DEFAULT_PERIOD_US;
    }

    /** The monitored CPU from the module's start line ({@code cpu=N}) or the run's {@code taskset.cpu}. */
    private static int moduleCpu(LoadedExperiment e) {
        for (Event ev : e.content().events()) {
            if (ev.kind() == EventKind.MODULE_START && ev.field("cpu") != null && ev.field("cpu").matches("\\d+")) {
                return Integer.parseInt(ev.field("cpu"));
            }
        }
        String cpu = e.metadata().parameters().get("taskset.cpu");
        if (cpu == null) {
            cpu = e.metadata().parameters().get("cpu");
        }
        return cpu != null && cpu.matches("\\d+") ? Integer.parseInt(cpu) : -1;
    }
}
