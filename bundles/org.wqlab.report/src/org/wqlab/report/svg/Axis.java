package org.wqlab.report.svg;

import java.util.ArrayList;
import java.util.List;

/** A linear or base-10 logarithmic mapping of data values onto a pixel range, with tick values. */
record Axis(double min, double max, boolean log, double fromPx, double toPx) {

    static Axis linear(double min, double max, double fromPx, double toPx) {
        if (!(max > min)) {
            double pad = min == 0 ? 1 : Math.abs(min) * 0.1;
            return new Axis(min - pad, max + pad, false, fromPx, toPx);
        }
        return new Axis(min, max, false, fromPx, toPx);
    }

    /** A log axis from exactly {@code min} to the next decade at or above {@code max}. */
    static Axis logFrom(double min, double max, double fromPx, double toPx) {
        double hi = Math.pow(10, Math.ceil(Math.log10(Math.max(max, min * 10))));
        return new Axis(min, hi, true, fromPx, toPx);
    }

    /** Log axis over whole decades around [min, max]; min must be > 0. */
    static Axis log(double min, double max, double fromPx, double toPx) {
        double lo = Math.pow(10, Math.floor(Math.log10(min)));
        double hi = Math.pow(10, Math.ceil(Math.log10(Math.max(max, min * 10))));
        if (hi <= lo) {
            hi = lo * 10;
        }
        return new Axis(lo, hi, true, fromPx, toPx);
    }

    double px(double v) {
        double f;
        if (log) {
            double c = Math.max(v, min);
            f = (Math.log10(c) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
        } else {
            f = (v - min) / (max - min);
        }
        return fromPx + f * (toPx - fromPx);
    }

    List<Double> ticks() {
        List<Double> out = new ArrayList<>();
        if (log) {
            for (double e = Math.ceil(Math.log10(min) - 1e-9); Math.pow(10, e) <= max * 1.0001; e++) {
                out.add(Math.pow(10, e));
            }
            return out;
        }
        double step = niceStep((max - min) / 6);
        for (double v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) {
            out.add(Math.abs(v) < step * 1e-9 ? 0 : v);
        }
        return out;
    }

    private static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / p;
        return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
    }
}
