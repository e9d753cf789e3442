package org.wqlab.ui.experiments.editor;

import java.util.List;
import java.util.Locale;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AttributedDelay;
import org.wqlab.analysis.why.CpuTask;
import org.wqlab.analysis.why.DelayBreakdown;
import org.wqlab.analysis.why.DelayPart;
import org.wqlab.analysis.why.KworkRow;
import org.wqlab.analysis.why.TaskDump;
import org.wqlab.report.DelayText;
import org.wqlab.report.Units;
import org.wqlab.ui.experiments.ExperimentIds;

/**
 * The experiment editor's "Where it went" tab: for the worst delay, every part of its time on the late CPU (work
 * items, other tasks, hard IRQs, softirqs, idle, unexplained) in ms and %, what every CPU ran when the monitor's work
 * became runnable and at the end of the stall, and below them the per work function and CPU latency table. Shows
 * values the analysis computed; reads nothing itself.
 */
final class DelayBreakdownView {

    private final SashForm root;
    private final Label headline;
    private final Table parts;
    private final Table tasks;
    private final Table kwork;

    DelayBreakdownView(Composite parent) {
        root = new SashForm(parent, SWT.VERTICAL);
        root.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_BREAKDOWN_TAB);
        Composite top = new Composite(root, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(top);
        headline = new Label(top, SWT.WRAP);
        headline.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_BREAKDOWN_HEADLINE);
        headline.setText("No analysis: the experiment has no trace of its late runs.");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(headline);
        SashForm tables = new SashForm(top, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(tables);
        parts = table(tables, ExperimentIds.EDITOR_BREAKDOWN, new String[] {"Part", "Kind", "ms", "%"},
                new int[] {200, 90, 70, 50}, 2);
        tasks = table(tables, ExperimentIds.EDITOR_TASKS, new String[] {"CPU", "When its work became runnable",
            "At the end of the stall"}, new int[] {40, 250, 200}, 3);
        tables.setWeights(45, 55);
        kwork = table(root, ExperimentIds.EDITOR_KWORK, new String[] {"Work function", "CPU", "Count",
            "Latency mean ms", "p99 ms", "max ms", "Exec total ms", "mean ms", "max ms"},
                new int[] {220, 45, 60, 130, 70, 70, 110, 70, 70}, 1);
        kwork.setToolTipText("Queue-to-start latency (workqueue_activate_work, else _queue_work, to _execute_start) and"
                + " execution time per work function and CPU over the whole trace; * marks latency-mon's own work");
        root.setWeights(55, 45);
    }

    Control control() {
        return root;
    }

    Label headline() {
        return headline;
    }

    /** Shows the analysis' worst delay and its table; null or no trace says why there is nothing. */
    void show(Analysis analysis) {
        parts.removeAll();
        tasks.removeAll();
        kwork.removeAll();
        AttributedDelay worst = analysis == null ? null : analysis.worst();
        DelayBreakdown b = worst == null ? null : worst.breakdown();
        if (b == null) {
            headline.setText(analysis == null ? "No analysis: a run that reached a USB disconnect writes one."
                    : worst == null ? "No delay above the threshold." : "No trace of the late run: nothing to split.");
        } else {
            headline.setText(String.format(Locale.ROOT, "The worst delay, %s ms on CPU %d: %.1f %% explained. %s",
                    Units.ms(b.delayUs()), b.cpu(), b.explainedPercent(), DelayText.summary(b)));
            for (DelayPart p : b.parts()) {
                row(parts, p.name(), DelayPart.label(p.kind()), Units.ms(p.us()),
                        String.format(Locale.ROOT, "%.1f", p.percent()));
            }
            showTasks(worst.tasks());
        }
        if (analysis != null) {
            for (KworkRow r : analysis.kwork()) {
                boolean lat = r.latencyCount() > 0;
                row(kwork, (r.monitor() ? "* " : "") + r.function(), Integer.toString(r.cpu()),
                        Long.toString(r.count()), lat ? Units.ms(r.meanLatencyUs()) : "-",
                        lat ? Units.ms(r.p99LatencyUs()) : "-", lat ? Units.ms(r.maxLatencyUs()) : "-",
                        Units.ms(r.totalExecUs()), Units.ms(r.meanExecUs()), Units.ms(r.maxExecUs()));
            }
        }
        headline.getParent().layout(true);
    }

    private void showTasks(List<TaskDump> dumps) {
        if (dumps.isEmpty()) {
            return;
        }
        List<CpuTask> first = dumps.get(0).cpus();
        for (int i = 0; i < first.size(); i++) {
            String[] cells = new String[dumps.size() + 1];
            cells[0] = Integer.toString(first.get(i).cpu());
            for (int d = 0; d < dumps.size(); d++) {
                List<CpuTask> at = dumps.get(d).cpus();
                cells[d + 1] = i < at.size() ? label(at.get(i)) : "";
            }
            row(tasks, cells);
        }
    }

    private static String label(CpuTask t) {
        return t.task() + (t.work().isEmpty() ? "" : " (" + t.work() + ")");
    }

    private static void row(Table t, String... cells) {
        new TableItem(t, SWT.NONE).setText(cells);
    }

    /** Columns from {@code firstNumber} on are numbers, right-aligned. */
    private static Table table(Composite parent, String id, String[] headers, int[] widths, int firstNumber) {
        Table t = new Table(parent, SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        t.setData(ExperimentIds.KEY, id);
        t.setHeaderVisible(true);
        t.setLinesVisible(true);
        if (parent.getLayout() instanceof org.eclipse.swt.layout.GridLayout) {
            GridDataFactory.fillDefaults().grab(true, true).applyTo(t);
        }
        for (int i = 0; i < headers.length; i++) {
            TableColumn c = new TableColumn(t, i >= firstNumber ? SWT.RIGHT : SWT.LEFT);
            c.setText(headers[i]);
            c.setWidth(widths[i]);
        }
        return t;
    }
}
