package org.wqlab.report.svg;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.wqlab.analysis.StallShade;
import org.wqlab.core.decimation.MinMaxDecimator.Points;
import org.wqlab.core.decimation.RollingMinMax;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.Sample;
import org.wqlab.core.palette.Palette;
import org.wqlab.core.palette.PlotKey;
import org.wqlab.live.ExperimentSeries;
import org.wqlab.live.LiveEvent;
import org.wqlab.live.MarkerLabels;
import org.wqlab.live.SeriesSnapshot;

/**
 * An experiment's delay chart as SVG, drawn as the experiment editor's plot draws it: one series per CPU reduced
 * to each pixel column's smallest and largest delay (the same {@link RollingMinMax} buckets, so no spike vanishes),
 * a delay where reports are sparser than pixels drawn as a block from the previous report, reports without a CPU as
 * dots; the threshold; every event marker in view with its label; the attribution's {@link StallShade}s (the work
 * item's span and the late interval inside it); the time cursor; a legend of the CPUs and of
 * {@link PlotKey#DELAY_CHART}. Colours are {@link Palette}'s.
 *
 * @param thresholdUs the dashed threshold line, negative for none
 */
public record DelayPlot(String title, ExperimentSeries series, long thresholdUs, List<StallShade> shades) {

    /** Marker labels take at most this many rows at the top of the plot, as on screen. */
    static final int MARKER_LABEL_ROWS = MarkerLabels.ROWS;
    static final double MIN_LOG_MS = 0.001;
    private static final int LINE_HEIGHT = 15;
    private static final double CHAR_WIDTH = 6.6;

    public DelayPlot {
        shades = List.copyOf(shades);
    }

    /** The points drawn for one CPU: board seconds and milliseconds, in drawing order. */
    record Drawn(int cpu, int samples, double[] xs, double[] ys) {
    }

    public String svg(String id, PlotWindow w) {
        int legendRows = legendRows(w.width());
        double left = 70;
        double right = w.width() - 20;
        double top = 40;
        double bottom = w.height() - 48 - legendRows * LINE_HEIGHT;
        int columns = Math.max(1, (int) Math.round(right - left));
        List<Drawn> drawn = decimate(w, columns);
        List<LiveEvent> inView = series.events().stream()
                .filter(e -> e.timeUs() / 1e6 >= w.fromS() && e.timeUs() / 1e6 <= w.toS()).toList();
        Axis x = new Axis(w.fromS(), w.toS(), false, left, right);
        Axis y = yAxis(w, drawn, Math.min(inView.size(), MARKER_LABEL_ROWS), bottom - top, bottom, top);

        StringBuilder b = new StringBuilder(8192);
        b.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" class=\"chart\" width=\"%d\" height=\"%d\" "
                        + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\" data-from-s=\"%s\" "
                        + "data-to-s=\"%s\">\n",
                Svg.esc(id), w.width(), w.height(), w.width(), w.height(), num(w.fromS()), num(w.toS())));
        b.append("<title>").append(Svg.esc(title)).append("</title>\n");
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        b.append("<text x=\"").append(Svg.n(w.width() / 2.0)).append("\" y=\"24\" text-anchor=\"middle\" "
                + "font-size=\"15\" font-weight=\"bold\">").append(Svg.esc(title)).append("</text>\n");
        axes(b, id, x, y, left, right, top, bottom);
        b.append("<g clip-path=\"url(#").append(Svg.esc(id)).append("-clip)\">\n");
        shades(b, x, left, right, top, bottom);
        for (Drawn d : drawn) {
            series(b, d, x, y);
        }
        threshold(b, y, left, right, top, bottom);
        markers(b, inView, x, left, right, top, bottom);
        cursor(b, w, x, right, top, bottom);
        b.append("</g>\n");
        legend(b, left, right, w.height() - 10 - (legendRows - 1) * LINE_HEIGHT);
        if (drawn.stream().allMatch(d -> d.samples() == 0)) {
            b.append("<text x=\"").append(Svg.n((left + right) / 2)).append("\" y=\"").append(Svg.n((top + bottom) / 2))
                    .append("\" text-anchor=\"middle\" fill=\"#777777\">no reports</text>\n");
        }
        b.append("</svg>\n");
        return b.toString();
    }

    /** Each CPU's points as the editor's frame computes them for a plot {@code columns} pixels wide. */
    List<Drawn> decimate(PlotWindow w, int columns) {
        long fromUs = (long) Math.floor(w.fromS() * 1e6);
        long toUs = Math.max(fromUs + 1, (long) Math.ceil(w.toS() * 1e6) + 1);
        long bucketUs = Math.max(1, (long) Math.ceil((w.toS() - w.fromS()) * 1e6 / columns));
        List<Drawn> out = new ArrayList<>();
        for (SeriesSnapshot s : series.series()) {
            Points p = new RollingMinMax().update(s.timeUs(), s.delayUs(), s.size(), fromUs, toUs, bucketUs);
            boolean steps = s.cpu() != Sample.UNKNOWN;
            double[] xs = new double[steps ? 2 * p.size() : p.size()];
            double[] ys = new double[xs.length];
            int m = 0;
            for (int i = 0; i < p.size(); i++) {
                long t = p.x()[i];
                double ms = p.y()[i] / 1000.0;
                double drawnMs = w.logY() ? Math.max(MIN_LOG_MS, ms) : ms;
                if (steps && i > 0 && t - p.x()[i - 1] > bucketUs && t < toUs) {
                    xs[m] = p.x()[i - 1] / 1e6;
                    ys[m++] = drawnMs;
                }
                xs[m] = t / 1e6;
                ys[m++] = drawnMs;
            }
            out.add(new Drawn(s.cpu(), s.size(), java.util.Arrays.copyOf(xs, m), java.util.Arrays.copyOf(ys, m)));
        }
        return out;
    }

    /** The window's delay range, or the one the editor fits: the largest delay in view and the threshold. */
    private Axis yAxis(PlotWindow w, List<Drawn> drawn, int markerRows, double plotHeight, double bottom,
            double top) {
        if (w.fixedY()) {
            return new Axis(w.yFromMs(), w.yToMs(), w.logY(), bottom, top);
        }
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        double positiveMin = Double.POSITIVE_INFINITY;
        for (Drawn d : drawn) {
            for (int i = 0; i < d.xs().length; i++) {
                if (d.xs()[i] >= w.fromS() && d.xs()[i] <= w.toS()) {
                    max = Math.max(max, d.ys()[i]);
                    min = Math.min(min, d.ys()[i]);
                    if (d.ys()[i] > 0) {
                        positiveMin = Math.min(positiveMin, d.ys()[i]);
                    }
                }
            }
        }
        double strip = markerRows == 0 ? 0 : Math.min(0.5, (markerRows * LINE_HEIGHT + 6) / plotHeight);
        double highest = Math.max(max, thresholdUs >= 0 ? thresholdUs / 1000.0 : Double.NEGATIVE_INFINITY);
        if (!Double.isFinite(highest) || highest <= 0) {
            highest = 1;
        }
        if (w.logY()) {
            double lower = Math.max(MIN_LOG_MS,
                    Double.isFinite(positiveMin) ? Math.min(positiveMin, highest) / 2 : MIN_LOG_MS);
            double decades = Math.log10(highest * 1.5) - Math.log10(lower);
            return new Axis(lower, lower * Math.pow(10, decades / (1 - strip)), true, bottom, top);
        }
        double lower = Double.isFinite(min) ? Math.min(0, min) : 0;
        return new Axis(lower, lower + (highest * 1.05 - lower) / (1 - strip), false, bottom, top);
    }

    private void axes(StringBuilder b, String id, Axis x, Axis y, double left, double right, double top,
            double bottom) {
        b.append("<defs><clipPath id=\"").append(Svg.esc(id)).append("-clip\"><rect x=\"").append(Svg.n(left))
                .append("\" y=\"").append(Svg.n(top)).append("\" width=\"").append(Svg.n(right - left))
                .append("\" height=\"").append(Svg.n(bottom - top)).append("\"/></clipPath></defs>\n");
        b.append("<g class=\"axes\" stroke=\"#e4e4e4\">\n");
        for (double t : y.ticks()) {
            line(b, left, y.px(t), right, y.px(t));
        }
        for (double t : x.ticks()) {
            line(b, x.px(t), top, x.px(t), bottom);
        }
        b.append("</g>\n<g class=\"ticks\" fill=\"#333333\">\n");
        for (double t : y.ticks()) {
            b.append("<text x=\"").append(Svg.n(left - 6)).append("\" y=\"").append(Svg.n(y.px(t) + 4))
                    .append("\" text-anchor=\"end\">").append(Svg.tick(t)).append("</text>\n");
        }
        for (double t : x.ticks()) {
            b.append("<text x=\"").append(Svg.n(x.px(t))).append("\" y=\"").append(Svg.n(bottom + 16))
                    .append("\" text-anchor=\"middle\">").append(Svg.tick(t)).append("</text>\n");
        }
        b.append("</g>\n");
        b.append("<rect class=\"plot-area\" x=\"").append(Svg.n(left)).append("\" y=\"").append(Svg.n(top))
                .append("\" width=\"").append(Svg.n(right - left)).append("\" height=\"").append(Svg.n(bottom - top))
                .append("\" fill=\"none\" stroke=\"#333333\"/>\n");
        b.append("<text x=\"").append(Svg.n((left + right) / 2)).append("\" y=\"").append(Svg.n(bottom + 32))
                .append("\" text-anchor=\"middle\">").append(series.timed() ? "board time (s)" : "report number")
                .append("</text>\n");
        b.append("<text transform=\"translate(16,").append(Svg.n((top + bottom) / 2))
                .append(") rotate(-90)\" text-anchor=\"middle\">delay (ms").append(y.log() ? ", log scale" : "")
                .append(")</text>\n");
    }

    /** As the attribution overlay paints them: the work item's span, the late interval darker, edges, label. */
    private void shades(StringBuilder b, Axis x, double left, double right, double top, double bottom) {
        double labelY = Math.max(top + 4, top + (bottom - top) / 8) + 11;
        for (StallShade s : shades) {
            double x0 = Math.max(left, x.px(s.fromUs() / 1e6));
            double x1 = Math.min(right, x.px(s.toUs() / 1e6));
            if (x1 < left || x0 > right) {
                continue;
            }
            double l0 = Math.max(left, x.px(s.lateFromUs() / 1e6));
            double l1 = Math.min(right, x.px(s.lateToUs() / 1e6));
            b.append("<g class=\"stall\" data-label=\"").append(Svg.esc(s.label())).append("\">\n");
            rect(b, "stall-shade", x0, top, Math.max(2, x1 - x0), bottom - top, Palette.STALL_SHADE.hex(), 70);
            rect(b, "stall-late", l0, top, Math.max(2, l1 - l0), bottom - top, Palette.STALL_LATE.hex(), 60);
            String edge = Palette.STALL_LATE.hex();
            b.append("<path d=\"M").append(Svg.n(x0)).append(' ').append(Svg.n(top)).append(" V").append(Svg.n(bottom))
                    .append(" M").append(Svg.n(x0 + Math.max(2, x1 - x0))).append(' ').append(Svg.n(top)).append(" V")
                    .append(Svg.n(bottom)).append("\" stroke=\"").append(edge).append("\"/>\n");
            double lx = Math.min(Math.max(left + 2, x0 + 4), right - textWidth(s.label()) - 2);
            b.append("<text class=\"stall-label\" x=\"").append(Svg.n(lx)).append("\" y=\"").append(Svg.n(labelY))
                    .append("\" fill=\"#000000\">").append(Svg.esc(s.label())).append("</text>\n</g>\n");
            labelY += LINE_HEIGHT + 2;
        }
    }

    private static void series(StringBuilder b, Drawn d, Axis x, Axis y) {
        String colour = Palette.series(d.cpu()).hex();
        b.append("<g class=\"series\" data-series=\"").append(Svg.esc(name(d.cpu()))).append("\" data-points=\"")
                .append(d.samples()).append("\">\n");
        if (d.cpu() == Sample.UNKNOWN) {
            for (int i = 0; i < d.xs().length; i++) {
                b.append("<circle cx=\"").append(Svg.n(x.px(d.xs()[i]))).append("\" cy=\"")
                        .append(Svg.n(y.px(d.ys()[i]))).append("\" r=\"2.5\" fill=\"").append(colour).append("\"/>\n");
            }
        } else if (d.xs().length > 0) {
            StringBuilder path = new StringBuilder(d.xs().length * 14);
            for (int i = 0; i < d.xs().length; i++) {
                path.append(i == 0 ? "M" : " L").append(Svg.n(x.px(d.xs()[i]))).append(' ')
                        .append(Svg.n(y.px(d.ys()[i])));
            }
            b.append("<path class=\"series-line\" d=\"").append(path).append("\" fill=\"none\" stroke=\"")
                    .append(colour).append("\" stroke-width=\"1\"/>\n");
        }
        b.append("</g>\n");
    }

    private void threshold(StringBuilder b, Axis y, double left, double right, double top, double bottom) {
        if (thresholdUs < 0) {
            return;
        }
        double ms = thresholdUs / 1000.0;
        if (ms < y.min() || ms > y.max() || (y.log() && ms <= 0)) {
            return;
        }
        double py = y.px(ms);
        String colour = Palette.THRESHOLD.hex();
        b.append("<line class=\"threshold\" x1=\"").append(Svg.n(left)).append("\" x2=\"").append(Svg.n(right))
                .append("\" y1=\"").append(Svg.n(py)).append("\" y2=\"").append(Svg.n(py)).append("\" stroke=\"")
                .append(colour).append("\" stroke-dasharray=\"6 4\"/>\n");
        b.append("<text class=\"threshold-label\" x=\"").append(Svg.n(left + 4)).append("\" y=\"")
                .append(Svg.n(Math.max(top + 12, py - 3))).append("\" fill=\"").append(colour).append("\">threshold ")
                .append(ms(thresholdUs)).append("</text>\n");
    }

    private static void markers(StringBuilder b, List<LiveEvent> inView, Axis x, double left, double right,
            double top, double bottom) {
        for (LiveEvent e : inView) {
            double px = x.px(e.timeUs() / 1e6);
            String colour = Palette.marker(e.kind()).hex();
            b.append("<line class=\"marker\" data-kind=\"").append(e.kind().name().toLowerCase(Locale.ROOT))
                    .append("\" x1=\"").append(Svg.n(px)).append("\" x2=\"").append(Svg.n(px)).append("\" y1=\"")
                    .append(Svg.n(top)).append("\" y2=\"").append(Svg.n(bottom)).append("\" stroke=\"").append(colour)
                    .append(e.kind() == EventKind.MARK ? "\" stroke-dasharray=\"1 2\"/>\n" : "\"/>\n");
        }
        for (MarkerLabels.Placed p : MarkerLabels.place(inView, e -> x.px(e.timeUs() / 1e6), DelayPlot::textWidth,
                right)) {
            double ty = top + 2 + p.row() * LINE_HEIGHT + 11;
            b.append("<text class=\"marker-label\" x=\"").append(Svg.n(p.x())).append("\" y=\"").append(Svg.n(ty))
                    .append("\" fill=\"").append(Palette.marker(p.event().kind()).hex()).append("\">")
                    .append(Svg.esc(p.event().label())).append("</text>\n");
        }
    }

    private static void cursor(StringBuilder b, PlotWindow w, Axis x, double right, double top, double bottom) {
        double at = w.cursorS();
        if (Double.isNaN(at) || at < w.fromS() || at > w.toS()) {
            return;
        }
        double px = x.px(at);
        String colour = Palette.CURSOR.hex();
        String label = String.format(Locale.ROOT, "%.6f s", at);
        boolean fitsRight = px + 4 + textWidth(label) <= right;
        b.append("<line class=\"cursor\" x1=\"").append(Svg.n(px)).append("\" x2=\"").append(Svg.n(px))
                .append("\" y1=\"").append(Svg.n(top)).append("\" y2=\"").append(Svg.n(bottom)).append("\" stroke=\"")
                .append(colour).append("\" stroke-width=\"2\"/>\n");
        b.append("<text x=\"").append(Svg.n(fitsRight ? px + 4 : px - 4)).append("\" y=\"").append(Svg.n(bottom - 4))
                .append(fitsRight ? "\"" : "\" text-anchor=\"end\"").append(" fill=\"").append(colour).append("\">")
                .append(label).append("</text>\n");
    }

    /** The CPUs' series, then what else the chart draws ({@link PlotKey#DELAY_CHART}), wrapped into rows. */
    private void legend(StringBuilder b, double left, double right, double firstRowY) {
        b.append("<g class=\"legend\">\n");
        double cx = left;
        double cy = firstRowY;
        for (PlotKey k : keys()) {
            double w = 22 + textWidth(k.text()) + 14;
            if (cx + w > right && cx > left) {
                cx = left;
                cy += LINE_HEIGHT;
            }
            String colour = k.colour().hex();
            if (k.swatch() == PlotKey.Swatch.SHADE) {
                rect(b, "legend-swatch", cx, cy - 9, 18, 10, colour, 110);
            } else {
                b.append("<line x1=\"").append(Svg.n(cx)).append("\" x2=\"").append(Svg.n(cx + 18)).append("\" y1=\"")
                        .append(Svg.n(cy - 4)).append("\" y2=\"").append(Svg.n(cy - 4)).append("\" stroke=\"")
                        .append(colour).append("\" stroke-width=\"2\"")
                        .append(k.swatch() == PlotKey.Swatch.DASHED ? " stroke-dasharray=\"6 4\""
                                : k.swatch() == PlotKey.Swatch.DOTTED ? " stroke-dasharray=\"1 2\"" : "")
                        .append("/>\n");
            }
            b.append("<text x=\"").append(Svg.n(cx + 22)).append("\" y=\"").append(Svg.n(cy)).append("\">")
                    .append(Svg.esc(k.text())).append("</text>\n");
            cx += w;
        }
        b.append("</g>\n");
    }

    private List<PlotKey> keys() {
        List<PlotKey> keys = new ArrayList<>();
        for (SeriesSnapshot s : series.series()) {
            keys.add(new PlotKey(PlotKey.Swatch.LINE, Palette.series(s.cpu()), name(s.cpu())));
        }
        keys.addAll(PlotKey.DELAY_CHART);
        return keys;
    }

    private int legendRows(int width) {
        double right = width - 20;
        double cx = 70;
        int rows = 1;
        for (PlotKey k : keys()) {
            double w = 22 + textWidth(k.text()) + 14;
            if (cx + w > right && cx > 70) {
                cx = 70;
                rows++;
            }
            cx += w;
        }
        return rows;
    }

    /** The chart's name of a CPU's series, as the editor's legend names it. */
    static String name(int cpu) {
        return cpu == Sample.UNKNOWN ? "reports" : "CPU " + cpu;
    }

    /** As the plot writes the threshold: one decimal from 100 ms on, else three. */
    static String ms(long us) {
        return String.format(Locale.ROOT, Math.abs(us) >= 100_000 ? "%.1f ms" : "%.3f ms", us / 1000.0);
    }

    private static double textWidth(String text) {
        return text.length() * CHAR_WIDTH;
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.6f", v);
    }

    private static void line(StringBuilder b, double x1, double y1, double x2, double y2) {
        b.append("<line x1=\"").append(Svg.n(x1)).append("\" x2=\"").append(Svg.n(x2)).append("\" y1=\"")
                .append(Svg.n(y1)).append("\" y2=\"").append(Svg.n(y2)).append("\"/>\n");
    }

    private static void rect(StringBuilder b, String cls, double x, double y, double w, double h, String fill,
            int alpha) {
        b.append("<rect class=\"").append(cls).append("\" x=\"").append(Svg.n(x)).append("\" y=\"").append(Svg.n(y))
                .append("\" width=\"").append(Svg.n(w)).append("\" height=\"").append(Svg.n(h)).append("\" fill=\"")
                .append(fill).append("\" fill-opacity=\"").append(String.format(Locale.ROOT, "%.3f", alpha / 255.0))
                .append("\"/>\n");
    }
}
