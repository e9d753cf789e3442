package org.wqlab.report.svg;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

import org.wqlab.core.palette.Palette;
import org.wqlab.report.AlignedSeries;

/**
 * Delay (ms) against time (s) as SVG: one path per series, vertical markers, the threshold as a dashed line. Each
 * series is reduced to the smallest and largest value per pixel column, so no spike vanishes from a long run. The
 * Y axis turns logarithmic when the delays span two decades or more.
 */
public final class LineChart {

    /** Series with at most this many points also get a dot per point (classic logs hold a handful of reports). */
    static final int DOTS_UP_TO = 300;

    private final String id;
    private final String title;
    private final String xLabel;
    private final List<AlignedSeries> series;
    private final List<Marker> markers;
    private final double thresholdMs;
    private boolean[] stems = new boolean[0];
    private double fromX = Double.NEGATIVE_INFINITY;
    private double toX = Double.POSITIVE_INFINITY;
    private int width = 960;
    private int height = 420;

    /** @param thresholdMs the threshold line, or NaN for none */
    public LineChart(String id, String title, String xLabel, List<AlignedSeries> series, List<Marker> markers,
            double thresholdMs) {
        this.id = id;
        this.title = title;
        this.xLabel = xLabel;
        this.series = List.copyOf(series);
        this.markers = List.copyOf(markers);
        this.thresholdMs = thresholdMs;
    }

    /**
     * Series drawn as stems from the axis to each point instead of a line through them: for logs of late runs
     * only, where a line between two reports would show a ramp that nobody measured.
     */
    public LineChart stems(boolean... perSeries) {
        this.stems = perSeries.clone();
        return this;
    }

    /** Shows x from {@code from} on (points before it are left out of the drawing, not of the data). */
    public LineChart from(double from) {
        this.fromX = from;
        return this;
    }

    /** Shows x up to {@code to} (points after it are left out of the drawing, not of the data). */
    public LineChart to(double to) {
        this.toX = to;
        return this;
    }

    private boolean shown(double x) {
        return x >= fromX && x <= toX;
    }

    public LineChart size(int w, int h) {
        this.width = w;
        this.height = h;
        return this;
    }

    public String toSvg() {
        double left = 70;
        double right = width - 20;
        double top = 60;
        double bottom = height - 70;
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = Double.NEGATIVE_INFINITY;
        double yMinPositive = Double.POSITIVE_INFINITY;
        for (AlignedSeries s : series) {
            for (int i = 0; i < s.size(); i++) {
                if (!shown(s.secondsFromDisconnect()[i])) {
                    continue;
                }
                xMin = Math.min(xMin, s.secondsFromDisconnect()[i]);
                xMax = Math.max(xMax, s.secondsFromDisconnect()[i]);
                double y = s.delayMs()[i];
                yMin = Math.min(yMin, y);
                yMax = Math.max(yMax, y);
                if (y > 0) {
                    yMinPositive = Math.min(yMinPositive, y);
                }
            }
        }
        if (fromX > Double.NEGATIVE_INFINITY) {
            xMin = Math.min(xMin, fromX);
        }
        if (toX < Double.POSITIVE_INFINITY) {
            xMax = Math.max(xMax, toX);
        }
        for (Marker m : markers) {
            xMin = Math.min(xMin, m.x());
            xMax = Math.max(xMax, m.x());
        }
        boolean empty = xMin > xMax;
        if (empty) {
            xMin = 0;
            xMax = 1;
        }
        if (yMin > yMax) {
            yMin = 0;
            yMax = Double.isNaN(thresholdMs) ? 1 : thresholdMs * 2;
        }
        if (!Double.isNaN(thresholdMs)) {
            yMax = Math.max(yMax, thresholdMs);
            if (thresholdMs > 0) {
                yMinPositive = Math.min(yMinPositive, thresholdMs);
            }
        }
        double xPad = (xMax - xMin) * 0.03 + (xMax == xMin ? 1 : 0);
        Axis x = Axis.linear(xMin - xPad, xMax + xPad, left, right);
        boolean log = yMin > 0 && yMax / yMinPositive >= 100;
        Axis y = log ? Axis.log(yMinPositive, yMax, bottom, top) : Axis.linear(Math.min(0, yMin), yMax * 1.08, bottom, top);

        StringBuilder b = new StringBuilder(4096);
        b.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" class=\"chart\" width=\"%d\" height=\"%d\" "
                        + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
                Svg.esc(id), width, height, width, height));
        b.append("<title>").append(Svg.esc(title)).append("</title>\n");
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        b.append("<text x=\"").append(Svg.n(width / 2.0)).append("\" y=\"22\" text-anchor=\"middle\" font-size=\"15\" "
                + "font-weight=\"bold\">").append(Svg.esc(title)).append("</text>\n");
        axes(b, x, y, left, right, top, bottom, log);
        b.append("<g clip-path=\"url(#").append(Svg.esc(id)).append("-clip)\">\n");
        if (!Double.isNaN(thresholdMs)) {
            double ty = y.px(thresholdMs);
            b.append("<line class=\"threshold\" x1=\"").append(Svg.n(left)).append("\" x2=\"").append(Svg.n(right))
                    .append("\" y1=\"").append(Svg.n(ty)).append("\" y2=\"").append(Svg.n(ty))
                    .append("\" stroke=\"").append(Palette.THRESHOLD.hex()).append("\" stroke-dasharray=\"6 4\"/>\n");
            b.append("<text x=\"").append(Svg.n(right - 4)).append("\" y=\"").append(Svg.n(ty - 4))
                    .append("\" text-anchor=\"end\" fill=\"").append(Palette.THRESHOLD.hex()).append("\">threshold ")
                    .append(Svg.tick(thresholdMs))
                    .append(" ms</text>\n");
        }
        for (Marker m : markers) {
            double mx = x.px(m.x());
            b.append("<line class=\"marker\" x1=\"").append(Svg.n(mx)).append("\" x2=\"").append(Svg.n(mx))
                    .append("\" y1=\"").append(Svg.n(top)).append("\" y2=\"").append(Svg.n(bottom))
                    .append("\" stroke=\"#555555\" stroke-dasharray=\"3 3\"/>\n");
            b.append("<text class=\"marker-label\" transform=\"translate(").append(Svg.n(mx + 4)).append(',')
                    .append(Svg.n(top + 6)).append(") rotate(90)\" fill=\"#333333\" font-size=\"11\">")
                    .append(Svg.esc(m.label())).append("</text>\n");
        }
        for (int k = 0; k < series.size(); k++) {
            seriesPath(b, series.get(k), k, x, y, (int) (right - left), k < stems.length && stems[k], bottom,
                    lineWidth(k, series.size()));
        }
        b.append("</g>\n");
        HistogramChart.legend(b, series.stream().map(AlignedSeries::name).toList(), left, top, right);
        if (empty) {
            b.append("<text x=\"").append(Svg.n(width / 2.0)).append("\" y=\"").append(Svg.n((top + bottom) / 2))
                    .append("\" text-anchor=\"middle\" fill=\"#777777\">no timed reports</text>\n");
        }
        b.append("</svg>\n");
        return b.toString();
    }

    private void axes(StringBuilder b, Axis x, Axis y, double left, double right, double top, double bottom,
            boolean log) {
        b.append("<defs><clipPath id=\"").append(Svg.esc(id)).append("-clip\"><rect x=\"").append(Svg.n(left))
                .append("\" y=\"").append(Svg.n(top - 2)).append("\" width=\"").append(Svg.n(right - left))
                .append("\" height=\"").append(Svg.n(bottom - top + 4)).append("\"/></clipPath></defs>\n");
        b.append("<g class=\"axes\" stroke=\"#cccccc\">\n");
        for (double t : y.ticks()) {
            double py = y.px(t);
            b.append("<line x1=\"").append(Svg.n(left)).append("\" x2=\"").append(Svg.n(right)).append("\" y1=\"")
                    .append(Svg.n(py)).append("\" y2=\"").append(Svg.n(py)).append("\"/>\n");
        }
        for (double t : x.ticks()) {
            double px = x.px(t);
            b.append("<line x1=\"").append(Svg.n(px)).append("\" x2=\"").append(Svg.n(px)).append("\" y1=\"")
                    .append(Svg.n(top)).append("\" y2=\"").append(Svg.n(bottom)).append("\"/>\n");
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
        b.append("<rect x=\"").append(Svg.n(left)).append("\" y=\"").append(Svg.n(top)).append("\" width=\"")
                .append(Svg.n(right - left)).append("\" height=\"").append(Svg.n(bottom - top))
                .append("\" fill=\"none\" stroke=\"#333333\"/>\n");
        b.append("<text x=\"").append(Svg.n((left + right) / 2)).append("\" y=\"").append(Svg.n(bottom + 34))
                .append("\" text-anchor=\"middle\">").append(Svg.esc(xLabel)).append("</text>\n");
        b.append("<text transform=\"translate(16,").append(Svg.n((top + bottom) / 2))
                .append(") rotate(-90)\" text-anchor=\"middle\">delay (ms")
                .append(log ? ", log scale" : "").append(")</text>\n");
    }

    /**
     * Line width of series {@code index} of {@code count}: the first drawn widest, each later one narrower, so
     * series that share a baseline stay visible as nested stripes instead of the last one hiding the others. Each
     * stripe is 2 px wide on either side, so it keeps at least one pixel row of its own colour under anti-aliasing.
     */
    static double lineWidth(int index, int count) {
        return 1.5 + 4 * Math.min(count - 1 - index, 2);
    }

    private void seriesPath(StringBuilder b, AlignedSeries s, int index, Axis x, Axis y, int columns,
            boolean stem, double bottom, double width) {
        String color = Svg.color(index);
        double[] xs = s.secondsFromDisconnect();
        double[] ys = s.delayMs();
        if (fromX > Double.NEGATIVE_INFINITY || toX < Double.POSITIVE_INFINITY) {
            int kept = 0;
            for (double v : xs) {
                if (shown(v)) {
                    kept++;
                }
            }
            double[] kx = new double[kept];
            double[] ky = new double[kept];
            for (int i = 0, k = 0; i < xs.length; i++) {
                if (shown(xs[i])) {
                    kx[k] = xs[i];
                    ky[k++] = ys[i];
                }
            }
            xs = kx;
            ys = ky;
        }
        List<double[]> points = reduce(xs, ys, x, y, Math.max(columns, 1));
        b.append("<g class=\"series\" data-series=\"").append(Svg.esc(s.name())).append("\" data-points=\"")
                .append(s.size()).append("\">\n");
        StringBuilder d = new StringBuilder(points.size() * 14);
        for (double[] p : points) {
            if (stem) {
                d.append(d.length() == 0 ? "M" : " M").append(Svg.n(p[0])).append(' ').append(Svg.n(bottom))
                        .append(" V").append(Svg.n(p[1]));
            } else {
                d.append(d.length() == 0 ? "M" : " L").append(Svg.n(p[0])).append(' ').append(Svg.n(p[1]));
            }
        }
        if (d.length() > 0) {
            b.append("<path class=\"").append(stem ? "series-stems" : "series-line").append("\" d=\"").append(d)
                    .append("\" fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"")
                    .append(Svg.n(stem ? width + 0.5 : width)).append("\"/>\n");
        }
        if (s.size() <= DOTS_UP_TO) {
            for (double[] p : points) {
                b.append("<circle cx=\"").append(Svg.n(p[0])).append("\" cy=\"").append(Svg.n(p[1]))
                        .append("\" r=\"3.5\" fill=\"").append(color).append("\"/>\n");
            }
        }
        b.append("</g>\n");
    }

    /** Pixel points in x order, at most the first, smallest, largest and last point of each pixel column. */
    static List<double[]> reduce(double[] xs, double[] ys, Axis x, Axis y, int columns) {
        List<double[]> out = new ArrayList<>();
        int n = xs.length;
        if (n <= 4L * columns) {
            for (int i = 0; i < n; i++) {
                out.add(new double[] { x.px(xs[i]), y.px(ys[i]) });
            }
            return out;
        }
        int i = 0;
        while (i < n) {
            long col = Math.round(x.px(xs[i]));
            int first = i;
            int lo = i;
            int hi = i;
            while (i < n && Math.round(x.px(xs[i])) == col) {
                if (ys[i] < ys[lo]) {
                    lo = i;
                }
                if (ys[i] > ys[hi]) {
                    hi = i;
                }
                i++;
            }
            int[] keep = IntStream.of(first, lo, hi, i - 1).distinct().sorted().toArray();
            for (int k : keep) {
                out.add(new double[] { x.px(xs[k]), y.px(ys[k]) });
            }
        }
        return out;
    }
}
