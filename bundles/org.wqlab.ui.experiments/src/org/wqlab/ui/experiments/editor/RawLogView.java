package org.wqlab.ui.experiments.editor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.Bullet;
import org.eclipse.swt.custom.ST;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.GlyphMetrics;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.wqlab.klog.dmesg.DmesgFormat;
import org.wqlab.klog.dmesg.DmesgLine;
import org.wqlab.klog.dmesg.KernelLevel;
import org.wqlab.ui.experiments.ExperimentIds;

/**
 * The Raw log tab: the recorded kernel log as dmesg prints it, the level as colour, line numbers (those of the
 * file), and a search field: typing finds the first match and selects its line, Enter the next one.
 */
public final class RawLogView {

    private final Composite root;
    private final Text search;
    private final Label found;
    private final StyledText text;
    private List<DmesgLine> lines = List.of();

    RawLogView(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).spacing(6, 2).applyTo(root);
        search = new Text(root, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        search.setMessage("Search the log (Enter: next match)");
        search.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_LOG_SEARCH);
        GridDataFactory.fillDefaults().hint(320, SWT.DEFAULT).indent(4, 4).applyTo(search);
        found = new Label(root, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).indent(0, 6).applyTo(found);
        text = new StyledText(root, SWT.READ_ONLY | SWT.V_SCROLL | SWT.H_SCROLL);
        text.setFont(JFaceResources.getTextFont());
        text.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_LOG);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, true).applyTo(text);
        search.addModifyListener(e -> find(0));
        search.addListener(SWT.DefaultSelection, e -> find(text.getSelection().y));
    }

    public Composite control() {
        return root;
    }

    public StyledText text() {
        return text;
    }

    public Text search() {
        return search;
    }

    /** The recorded log (as kept in the experiment) and a line to add after it (the truncation note), or "". */
    void show(String recorded, String trailer) {
        lines = DmesgFormat.formatAll(recorded);
        text.setText(DmesgFormat.text(lines) + trailer);
        StyleRange number = new StyleRange();
        number.metrics = new GlyphMetrics(0, 0, gutterWidth());
        number.foreground = text.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY);
        text.setLineBullet(0, text.getLineCount(), new Bullet(ST.BULLET_NUMBER, number));
        List<StyleRange> styles = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Color c = colour(text.getDisplay(), lines.get(i));
            int length = lines.get(i).text().length();
            if (c != null && length > 0) {
                StyleRange r = new StyleRange(text.getOffsetAtLine(i), length, c, null);
                KernelLevel level = lines.get(i).level();
                r.fontStyle = level != null && level.atLeast(KernelLevel.CRIT) ? SWT.BOLD : SWT.NORMAL;
                styles.add(r);
            }
        }
        text.setStyleRanges(styles.toArray(StyleRange[]::new));
    }

    /** Selects a 1-based line of the file when the shown part holds it. */
    void selectLine(long fileLine) {
        if (fileLine >= 1 && fileLine <= text.getLineCount()) {
            int i = (int) fileLine - 1;
            text.setSelection(text.getOffsetAtLine(i), text.getOffsetAtLine(i) + text.getLine(i).length());
            text.showSelection();
        }
    }

    /** The 1-based line of the selection, or -1. */
    public long selectedLine() {
        return text.getSelectionCount() == 0 ? -1 : text.getLineAtOffset(text.getSelection().x) + 1;
    }

    /** Told the 1-based line the user selects. */
    void addLineSelectionListener(java.util.function.LongConsumer listener) {
        text.addListener(SWT.MouseUp, e -> listener.accept(text.getLineAtOffset(text.getCaretOffset()) + 1));
    }

    /** Shows the first match of the search text at or after {@code from}, wrapping to the top; selects its line. */
    private void find(int from) {
        String wanted = search.getText();
        if (wanted.isEmpty()) {
            found.setText("");
            return;
        }
        String all = text.getText().toLowerCase(Locale.ROOT);
        String needle = wanted.toLowerCase(Locale.ROOT);
        int at = all.indexOf(needle, Math.min(from, all.length()));
        if (at < 0) {
            at = all.indexOf(needle);
        }
        if (at < 0) {
            found.setText("not found");
            return;
        }
        int line = text.getLineAtOffset(at);
        int start = text.getOffsetAtLine(line);
        int end = start + text.getLine(line).length();
        text.setSelection(start, end);
        text.showSelection();
        found.setText("line " + (line + 1));
        found.getParent().layout(new org.eclipse.swt.widgets.Control[] { found });
    }

    private int gutterWidth() {
        GC gc = new GC(text);
        try {
            int digits = Math.max(3, Integer.toString(Math.max(1, text.getLineCount())).length());
            return (digits + 1) * (int) Math.ceil(gc.getFontMetrics().getAverageCharacterWidth());
        } finally {
            gc.dispose();
        }
    }

    /** dmesg's colours: errors and worse red, warnings brown, notice blue, debug grey; info as plain text. */
    static Color colour(Display d, DmesgLine line) {
        if (line.kind() == DmesgLine.Kind.CONTINUATION) {
            return d.getSystemColor(SWT.COLOR_GRAY);
        }
        if (line.level() == null) {
            return null;
        }
        return switch (line.level()) {
            case EMERG, ALERT, CRIT, ERR -> d.getSystemColor(SWT.COLOR_RED);
            case WARNING -> d.getSystemColor(SWT.COLOR_DARK_YELLOW);
            case NOTICE -> d.getSystemColor(SWT.COLOR_DARK_BLUE);
            case INFO -> null;
            case DEBUG -> d.getSystemColor(SWT.COLOR_DARK_GRAY);
        };
    }
}
