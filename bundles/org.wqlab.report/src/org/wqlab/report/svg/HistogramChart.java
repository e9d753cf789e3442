package org.wqlab.report.svg;

import java.util.List;
import java.util.Locale;

import org.wqlab.core.stats.HistogramBin;

/**
 * Delay histogram as SVG, OSADL style: the 1-2-5 bins of the statistics on the X axis (a log scale of delays), the
 * number of reports on a log Y axis, the worst case in the title. Several experiments are drawn as grouped bars,
 * one path per experiment.
 */
public final class HistogramChart {

    /** One experiment's bins (all the same edges, from the statistics). */
    public record Bins(String name, List<HistogramBin> bins) {
    }

    private final String id;
    private final String title;
    private final List<Bins> series;
    private int width = 960;
    private int height = 380;

    public HistogramChart(String id, String title, List<Bins> series) {
        this.id = id;
        this.title = title;
        this.series = List.copyOf(series);
    }

    public HistogramChart size(int w, int h) {
        this.width = w;
        this.height = h;
        return this;
    }

    public String toSvg() {
        double left = 70;
        double right = width - 20;
        double top = 60;
        double bottom = height - 80;
        int binCount = series.isEmpty() ? 0 : series.get(0).bins().size();
        int first = Integer.MAX_VALUE;
        int last = -1;
        long maxCount = 0;
        for (Bins s : series) {
            for (int i = 0; i < s.bins().size(); i++) {
                long c = s.bins().get(i).count();
                if (c > 0) {
                    first = Math.min(first, i);
                    last = Math.max(last, i);
                    maxCount = Math.max(maxCount, c);
                }
            }
        }
        boolean empty = last < 0;
        if (empty) {
            first = 0;
            last = Math.min(binCount, 1) - 1;
        }
        // one empty bin either side, so the shape's ends are visible (not below the negative bin)
        first = Math.max(first == 0 ? 0 : 1, first - 1);
        last = Math.min(binCount - 1, last + 1);
        int categories = Math.max(1, last - first + 1);
        double slot = (right - left) / categories;
        // from 0.5, so that a bin of one report (log 0) still has a visible bar
        Axis y = Axis.logFrom(0.5, Math.max(10, maxCount), bottom, top);

        StringBuilder b = new StringBuilder(4096);
        b.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" class=\"chart\" width=\"%d\" height=\"%d\" "
                        + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
                Svg.esc(id), width, height, width, height));
        b.append("<title>").append(Svg.esc(title)).append("</title>\n");
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        b.append("<text x=\"").append(Svg.n(width / 2.0)).append("\" y=\"22\" text-anchor=\"middle\" font-size=\"15\" "
                + "font-weight=\"bold\">").append(Svg.esc(title)).append("</text>\n");
        b.append("<g class=\"axes\" stroke=\"#cccccc\">\n");
        for (double t : y.ticks()) {
            b.append("<line x1=\"").append(Svg.n(left)).append("\" x2=\"").append(Svg.n(right)).append("\" y1=\"")
                    .append(Svg.n(y.px(t))).append("\" y2=\"").append(Svg.n(y.px(t))).append("\"/>\n");
        }
        b.append("</g>\n<g class=\"ticks\" fill=\"#333333\">\n");
        for (double t : y.ticks()) {
            b.append("<text x=\"").append(Svg.n(left - 6)).append("\" y=\"").append(Svg.n(y.px(t) + 4))
                    .append("\" text-anchor=\"end\">").append(Svg.tick(t)).append("</text>\n");
        }
        for (int c = 0; c < categories && binCount > 0; c++) {
            HistogramBin bin = series.get(0).bins().get(first + c);
            double cx = left + c * slot;
            b.append("<text transform=\"translate(").append(Svg.n(cx + 4)).append(',').append(Svg.n(bottom + 8))
                    .append(") rotate(60)\" font-size=\"11\">").append(Svg.esc(label(bin))).append("</text>\n");
        }
        b.append("</g>\n");
        b.append("<rect x=\"").append(Svg.n(left)).append("\" y=\"").append(Svg.n(top)).append("\" width=\"")
                .append(Svg.n(right - left)).append("\" height=\"").append(Svg.n(bottom - top))
                .append("\" fill=\"none\" stroke=\"#333333\"/>\n");
        b.append("<text x=\"").append(Svg.n((left + right) / 2)).append("\" y=\"").append(Svg.n(height - 6))
                .append("\" text-anchor=\"middle\">delay bin (lower edge)</text>\n");
        b.append("<text transform=\"translate(16,").append(Svg.n((top + bottom) / 2))
                .append(") rotate(-90)\" text-anchor=\"middle\">reports (log scale)</text>\n");

        double bar = (slot - 4) / Math.max(1, series.size());
        for (int k = 0; k < series.size(); k++) {
            Bins s = series.get(k);
            StringBuilder d = new StringBuilder();
            long total = 0;
            for (int c = 0; c < categories && binCount > 0; c++) {
                long count = s.bins().get(first + c).count();
                total += count;
                if (count <= 0) {
                    continue;
                }
                double x0 = left + c * slot + 2 + k * bar;
                double top0 = y.px(count);
                d.append(d.length() == 0 ? "" : " ").append('M').append(Svg.n(x0)).append(' ').append(Svg.n(bottom))
                        .append(" V").append(Svg.n(top0)).append(" H").append(Svg.n(x0 + bar)).append(" V")
                        .append(Svg.n(bottom)).append(" Z");
            }
            b.append("<g class=\"series\" data-series=\"").append(Svg.esc(s.name())).append("\" data-points=\"")
                    .append(total).append("\">\n");
            if (d.length() > 0) {
                b.append("<path class=\"series-bars\" d=\"").append(d).append("\" fill=\"").append(Svg.color(k))
                        .append("\" fill-opacity=\"0.75\" stroke=\"").append(Svg.color(k)).append("\"/>\n");
            }
            b.append("</g>\n");
        }
        legend(b, series.stream().map(Bins::name).toList(), left, top, right);
        if (empty) {
            b.append("<text x=\"").append(Svg.n(width / 2.0)).append("\" y=\"").append(Svg.n((top + bottom) / 2))
                    .append("\" text-anchor=\"middle\" fill=\"#777777\">no reports</text>\n");
        }
        b.append("</svg>\n");
        return b.toString();
    }

    /** A row of colour swatches with names between the title and the plot (inside it, it would hide data). */
    static void legend(StringBuilder b, List<String> names, double left, double top, double right) {
        if (names.size() < 2) {
            return;
        }
        double x = left;
        double y = top - 20;
        for (int k = 0; k < names.size(); k++) {
            b.append("<rect class=\"legend\" x=\"").append(Svg.n(x)).append("\" y=\"").append(Svg.n(y))
                    .append("\" width=\"12\" height=\"12\" fill=\"").append(Svg.color(k)).append("\"/>\n");
            b.append("<text x=\"").append(Svg.n(x + 16)).append("\" y=\"").append(Svg.n(y + 10)).append("\">")
                    .append(Svg.esc(names.get(k))).append("</text>\n");
            x += 16 + 7.2 * names.get(k).length() + 18;
        }
    }

    /** The bin's lower edge in readable units; the first bin holds the negative delays. */
    static String label(HistogramBin bin) {
        if (bin.toUs() <= 0) {
            return "< 0";
        }
        long us = bin.fromUs();
        if (us < 1000) {
            return us + " us";
        }
        if (us < 1_000_000) {
            return us / 1000 + " ms";
        }
        return us / 1_000_000 + " s";
    }
}
