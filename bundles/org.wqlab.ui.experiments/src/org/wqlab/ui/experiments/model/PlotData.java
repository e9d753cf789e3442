package org.wqlab.ui.experiments.model;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.decimation.MinMaxDecimator;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;

/**
 * An experiment's delays ready to draw: one series per CPU over the whole run, reduced to the plot's width with
 * min/max buckets (the worst delay always survives), and the markers of the run's events.
 *
 * @param timed false when the log has no timestamps: x is then the report number
 */
public record PlotData(List<CpuSeries> series, List<EventMarker> markers, boolean timed) {

    public record CpuSeries(int cpu, double[] x, double[] delayMs) {
        public String label() {
            return cpu < 0 ? "delay" : "CPU " + cpu;
        }
    }

    /** A vertical marker: where (x in the plot's unit), what, and its kind for the colour. */
    public record EventMarker(double x, String label, EventKind kind) {
    }

    public static PlotData of(LogContent content, int buckets) {
        SampleStore s = content.samples();
        boolean timed = s.size() > 0 && s.hasTimestamp(0) && s.hasTimestamp(s.size() - 1);
        List<CpuSeries> series = new ArrayList<>();
        for (int cpu : s.cpus()) {
            int[] idx = s.indicesOfCpu(cpu);
            long[] x = new long[idx.length];
            int[] y = new int[idx.length];
            for (int j = 0; j < idx.length; j++) {
                x[j] = timed ? s.timestampUs(idx[j]) : idx[j];
                y[j] = s.delayUs(idx[j]);
            }
            series.add(reduce(cpu, x, y, buckets, timed));
        }
        List<EventMarker> markers = new ArrayList<>();
        for (Event e : content.events()) {
            if (timed && e.timestampUs() == LogEntry.NO_TIME) {
                continue;
            }
            double at = timed ? e.timestampUs() / 1e6 : s.firstIndexAfterLine(e.line());
            markers.add(new EventMarker(at, label(e), e.kind()));
        }
        return new PlotData(series, markers, timed);
    }

    private static CpuSeries reduce(int cpu, long[] x, int[] y, int buckets, boolean timed) {
        int n = x.length;
        long[] px = x;
        int[] py = y;
        if (n > 2 * buckets && x[n - 1] > x[0] && ascending(x)) {
            MinMaxDecimator.Points p = MinMaxDecimator.decimate(x, y, n, x[0], x[n - 1] + 1, buckets);
            px = p.x();
            py = p.y();
            n = p.size();
        }
        double[] dx = new double[n];
        double[] dy = new double[n];
        for (int i = 0; i < n; i++) {
            dx[i] = timed ? px[i] / 1e6 : px[i];
            dy[i] = py[i] / 1000.0;
        }
        return new CpuSeries(cpu, dx, dy);
    }

    private static boolean ascending(long[] x) {
        for (int i = 1; i < x.length; i++) {
            if (x[i] < x[i - 1]) {
                return false;
            }
        }
        return true;
    }

    static String label(Event e) {
        return switch (e.kind()) {
            case USB_DISCONNECT -> "USB disconnect " + e.subject();
            case USB_CONNECT -> "USB connect " + e.subject();
            case MODULE_START -> "module load";
            case MODULE_STOP -> "module unload";
            case WORKQUEUE_HOG -> "hog " + e.subject();
            case WORKQUEUE_LOCKUP -> "lockup " + e.subject();
            case MARK -> e.subject();
        };
    }
}
