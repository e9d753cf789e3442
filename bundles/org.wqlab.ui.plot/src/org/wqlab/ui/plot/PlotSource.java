package org.wqlab.ui.plot;

import java.util.List;

import org.wqlab.live.ExperimentSeries;
import org.wqlab.live.LiveEvent;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveStats;
import org.wqlab.live.Histogram;
import org.wqlab.live.SeriesSnapshot;
import org.wqlab.live.Waiting;

/**
 * What a delay chart draws, read from any thread without blocking writers: series (per CPU, or per experiment and
 * CPU for a comparison; ascending times, published prefixes that never change), markers and the threshold. A
 * {@link LiveSession} grows; an experiment loaded from disk or a comparison does not.
 */
interface PlotSource {

    /** The series to draw; a series' samples are a published prefix that never changes. */
    List<PlotSeries> series();

    List<LiveEvent> events();

    /** Newest board time of any sample or event, or {@link org.wqlab.core.model.LogEntry#NO_TIME}. */
    long newestUs();

    /** Oldest board time of any sample or event, or {@link org.wqlab.core.model.LogEntry#NO_TIME}. */
    long oldestUs();

    long thresholdUs();

    /** The board's current time (a live session's clock; a loaded experiment's newest time). */
    long boardNowUs();

    /** The earliest a following window starts: a live session's start in board time, an experiment's oldest time. */
    long startUs();

    /** CPUs overdue with their next report, drawn as growing bars (none for a loaded experiment). */
    default List<Waiting> waiting() {
        return List.of();
    }

    /** True while the board's time goes on without new data (a live run): the plot then redraws on a clock tick. */
    default boolean live() {
        return false;
    }

    /** Null when the source keeps no statistics (a recorded experiment). */
    default LiveStats stats() {
        return null;
    }

    /** Null when the source keeps no histogram (a recorded experiment). */
    default Histogram histogram() {
        return null;
    }

    static PlotSource of(LiveSession session) {
        return new PlotSource() {
            @Override
            public List<PlotSeries> series() {
                return session.series().stream().map(PlotSeries::ofCpu).toList();
            }

            @Override
            public List<LiveEvent> events() {
                return session.events();
            }

            @Override
            public long newestUs() {
                return session.newestUs();
            }

            @Override
            public long oldestUs() {
                long first = Long.MAX_VALUE;
                for (SeriesSnapshot s : session.series()) {
                    if (s.size() > 0) {
                        first = Math.min(first, s.timeUs()[0]);
                    }
                }
                for (LiveEvent e : session.events()) {
                    first = Math.min(first, e.timeUs());
                }
                return first == Long.MAX_VALUE ? org.wqlab.core.model.LogEntry.NO_TIME : first;
            }

            @Override
            public long thresholdUs() {
                return session.thresholdUs();
            }

            @Override
            public long boardNowUs() {
                return session.boardNowUs();
            }

            @Override
            public long startUs() {
                return session.startUs();
            }

            @Override
            public List<Waiting> waiting() {
                return session.waiting();
            }

            @Override
            public boolean live() {
                return !session.isEnded();
            }

            @Override
            public LiveStats stats() {
                return session.stats();
            }

            @Override
            public Histogram histogram() {
                return session.histogram();
            }
        };
    }

    static PlotSource of(ExperimentSeries experiment) {
        // the columns, not the arrays of series(): a mapped experiment is drawn without copying its samples
        List<PlotSeries> cpus = experiment.columns().cpus().stream().map(PlotSeries::ofCpu).toList();
        return new PlotSource() {
            @Override
            public List<PlotSeries> series() {
                return cpus;
            }

            @Override
            public List<LiveEvent> events() {
                return experiment.events();
            }

            @Override
            public long newestUs() {
                return experiment.newestUs();
            }

            @Override
            public long oldestUs() {
                return experiment.oldestUs();
            }

            @Override
            public long thresholdUs() {
                return experiment.thresholdUs();
            }

            @Override
            public long boardNowUs() {
                return experiment.newestUs();
            }

            @Override
            public long startUs() {
                return experiment.oldestUs();
            }
        };
    }
}
