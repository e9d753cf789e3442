package org.wqlab.ui.experiments.editor;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.dnd.Transfer;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Listener;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.wqlab.klog.dmesg.DmesgFormat;
import org.wqlab.klog.dmesg.DmesgLine;
import org.wqlab.klog.dmesg.KernelLevel;
import org.wqlab.ui.experiments.ExperimentIds;

/**
 * The Raw log tab: the whole recorded kernel log as dmesg prints it, a row per line of the file (its line number,
 * the level as colour), and a search field: typing finds the first matching line at or after the top, Enter the
 * next one. The table is virtual: a row is read from the file when it is drawn, through an index of where each line
 * starts that a Job builds when the log is shown; searches run in a Job too, so a large log never holds up the UI.
 * The Source tab of an imported file is one too, showing that file.
 */
public final class RawLogView {
    /** Rows added per turn of the event loop: GTK spends microseconds on each, a million at once would freeze it. */
    private static final int ROWS_PER_TURN = 20_000;
    private static final int MAX_TEXT_COLUMN_WIDTH = 8_000;
    /** For how many frames after a reveal it is made again while the row is not shown (see {@link #reveal}). */
    private static final int REVEAL_FRAMES = 30;

    private final Composite root;
    private final Text search;
    private final Label found;
    private final Table table;
    private final TableColumn numberColumn;
    private final TableColumn textColumn;
    private final List<LongConsumer> lineListeners = new ArrayList<>();
    private LogLines lines;
    private boolean ready;
    private long pendingLine = -1;
    /**
     * The row last selected, by the user or here. Table.getSelectionIndex() of a multi-selection GTK table walks
     * every row (tens of milliseconds for a million), too slow for what asks often.
     */
    private int selectedRow = -1;
    /** Counts show() and searches: what a Job hands back for an older one is dropped. */
    private int shows;
    private int searches;
    private Job indexing;
    private Job searching;
    /** The next search starts at the first line, not at the top row shown. */
    private boolean fromFirstLine;
    private Menu menu;

    RawLogView(Composite parent) {
        this(parent, "Kernel log", "Search the log (Enter: next match)", ExperimentIds.EDITOR_LOG,
                ExperimentIds.EDITOR_LOG_SEARCH);
    }

    /**
     * @param column   the text column's title
     * @param hint     what the empty search field says
     * @param tableId  the table's {@link ExperimentIds} key
     * @param searchId the search field's
     */
    RawLogView(Composite parent, String column, String hint, String tableId, String searchId) {
        root = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).spacing(6, 2).applyTo(root);
        search = new Text(root, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        search.setMessage(hint);
        search.setData(ExperimentIds.KEY, searchId);
        GridDataFactory.fillDefaults().hint(320, SWT.DEFAULT).indent(4, 4).applyTo(search);
        found = new Label(root, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).indent(0, 6).applyTo(found);
        table = new Table(root, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.V_SCROLL | SWT.H_SCROLL);
        table.setFont(JFaceResources.getTextFont());
        table.setHeaderVisible(true);
        table.setData(ExperimentIds.KEY, tableId);
        numberColumn = new TableColumn(table, SWT.RIGHT);
        numberColumn.setText("Line");
        textColumn = new TableColumn(table, SWT.LEFT);
        textColumn.setText(column);
        sizeColumns(0, 0);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, true).applyTo(table);
        table.addListener(SWT.SetData, e -> render((TableItem) e.item, e.index));
        table.addListener(SWT.Selection, e -> userSelected((TableItem) e.item));
        table.addListener(SWT.KeyDown, e -> {
            if ((e.stateMask & SWT.MOD1) != 0 && e.keyCode == 'c') {
                copySelection();
            }
        });
        copyMenu();
        table.addDisposeListener(e -> stop());
        search.addModifyListener(e -> find(false));
        search.addListener(SWT.DefaultSelection, e -> find(true));
    }

    public Composite control() {
        return root;
    }

    public Table table() {
        return table;
    }

    public Text search() {
        return search;
    }

    /** What the label beside the search field says: "line N", "not found", "searching...", the line count. */
    public String searchStatus() {
        return found.getText();
    }

    /** Shows {@code kernelLog}: indexes the lines it has now in a Job; the rows appear when it is done. */
    public void show(Path kernelLog) {
        int show = ++shows;
        stop();
        searches++;
        ready = false;
        selectedRow = -1;
        table.removeAll();
        say("reading " + kernelLog.getFileName() + "\u2026");
        indexing = Job.create("Indexing " + kernelLog, (IProgressMonitor monitor) -> {
            try {
                LogLines indexed = LogLines.index(kernelLog, monitor);
                if (!later(() -> shown(show, indexed))) {
                    close(indexed);
                }
            } catch (OperationCanceledException e) {
                return Status.CANCEL_STATUS;
            } catch (IOException e) {
                String why = e instanceof NoSuchFileException ? "no " + kernelLog : "cannot read: " + e.getMessage();
                later(() -> {
                    if (show == shows && !table.isDisposed()) {
                        ready = true;
                        say(why);
                    }
                });
            }
            return Status.OK_STATUS;
        });
        indexing.schedule();
    }

    /** True once the log's lines are all rows of the table. */
    public boolean ready() {
        return ready;
    }

    /** The number of lines indexed (the file's when it was shown). */
    public int lineCount() {
        return lines == null ? 0 : lines.count();
    }

    /** Selects file line {@code fileLine} (1-based) and scrolls it into view; before {@link #ready()}, once ready. */
    public void selectLine(long fileLine) {
        if (ready) {
            reveal(fileLine - 1);
        } else {
            pendingLine = fileLine;
        }
    }

    /** The selected row's file line (1-based), or -1. */
    public long selectedLine() {
        boolean selected = selectedRow >= 0 && selectedRow < table.getItemCount() && table.isSelected(selectedRow);
        return selected ? selectedRow + 1L : -1;
    }

    /** {@code listener} is told the file line (1-based) the user selects; not of {@link #selectLine}'s. */
    public void addLineSelectionListener(LongConsumer listener) {
        lineListeners.add(listener);
    }

    /** File line {@code fileLine} (1-based) as its row shows it. */
    public String lineText(long fileLine) {
        return formatted(row(fileLine)).text();
    }

    /** File line {@code fileLine} (1-based) as the file holds it (a {@code /dev/kmsg} record as recorded, say). */
    public String recordedLine(long fileLine) {
        int row = row(fileLine);
        try {
            return lines.line(row);
        } catch (IOException e) {
            return "";
        }
    }

    private int row(long fileLine) {
        if (lines == null || fileLine < 1 || fileLine > lines.count()) {
            throw new IllegalArgumentException("no line " + fileLine + " (" + lineCount() + " lines indexed)");
        }
        return (int) (fileLine - 1);
    }

    /** Searches for {@code wanted} from the first line (once the lines are read), as if typed in the search field. */
    public void searchFromFirstLine(String wanted) {
        fromFirstLine = true;
        if (search.getText().equals(wanted)) {
            find(false);
        } else {
            search.setText(wanted); // its modify listener searches
        }
    }

    /** Adds an item to the rows' context menu, after Copy. */
    public void addMenuItem(String text, Runnable action) {
        MenuItem item = new MenuItem(menu, SWT.PUSH);
        item.setText(text);
        item.addListener(SWT.Selection, e -> action.run());
    }

    private void shown(int show, LogLines indexed) {
        if (show != shows || table.isDisposed()) {
            close(indexed);
            return;
        }
        lines = indexed;
        sizeColumns(indexed.count(), indexed.longestLineBytes());
        addRows(show);
    }

    private void addRows(int show) {
        if (show != shows || table.isDisposed()) {
            return;
        }
        int target = (int) Math.min(lines.count(), (long) table.getItemCount() + ROWS_PER_TURN);
        table.setItemCount(target);
        if (target < lines.count()) {
            say("reading: " + target + " of " + lines.count() + " lines");
            later(() -> addRows(show));
            return;
        }
        ready = true;
        say(lines.count() + " lines");
        if (pendingLine > 0) {
            reveal(pendingLine - 1);
            pendingLine = -1;
        }
        if (!search.getText().isEmpty()) {
            find(false);
        }
    }

    private void render(TableItem item, int row) {
        if (lines == null || row >= lines.count()) {
            return;
        }
        DmesgLine line = formatted(row);
        item.setText(new String[] { Integer.toString(row + 1), line.text() });
        item.setForeground(0, table.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
        Color c = colour(table.getDisplay(), line);
        if (c != null) {
            item.setForeground(1, c);
        }
        if (line.level() != null && line.level().atLeast(KernelLevel.CRIT)) {
            item.setFont(1, JFaceResources.getFontRegistry().getBold(JFaceResources.TEXT_FONT));
        }
    }

    private DmesgLine formatted(int row) {
        try {
            return DmesgFormat.format(lines.line(row));
        } catch (IOException e) {
            return new DmesgLine("(cannot read " + lines.file() + ": " + e.getMessage() + ")", null,
                    DmesgLine.Kind.OTHER);
        }
    }

    /** Selects {@code row} (0-based) and scrolls it to a third of the way down. */
    private void reveal(long row) {
        if (row < 0 || row >= table.getItemCount()) {
            table.deselectAll();
            selectedRow = -1;
            return;
        }
        selectedRow = (int) row;
        int visible = Math.max(1, table.getClientArea().height / Math.max(1, table.getItemHeight()));
        table.setSelection((int) row);
        // setSelection's own scrolling (showSelection) can land far from the row of a large virtual table on GTK,
        // whose row heights are estimates until drawn; setTopIndex lands exactly (once GTK has measured the rows,
        // which it does in the next frames: getTopIndex is not yet right when this returns)
        int top = (int) Math.max(0, row - visible / 3);
        table.setTopIndex(top);
        // a table not drawn since its rows were added (a tab just shown) has no measured row yet, and GTK's estimate
        // scrolls elsewhere: after each of the next frames, while the row drawn mid-table is not near it, again
        Listener again = new Listener() {
            private int frames = REVEAL_FRAMES;

            @Override
            public void handleEvent(org.eclipse.swt.widgets.Event e) {
                boolean shown = isShown((int) row);
                if (shown || --frames <= 0 || selectedRow != row) {
                    table.removeListener(SWT.Paint, this);
                }
                if (!shown) {
                    later(() -> {
                        if (!table.isDisposed() && selectedRow == row) {
                            table.setTopIndex(top);
                        }
                    });
                }
            }
        };
        table.addListener(SWT.Paint, again);
    }

    /**
     * Whether {@code row} (0-based) is among the rows drawn now, judged by the row at the middle of the table (what
     * GTK draws there, not its top index, which can be an estimate).
     */
    public boolean isShown(int row) {
        Rectangle area = table.getClientArea();
        int visible = Math.max(1, area.height / Math.max(1, table.getItemHeight()));
        TableItem middle = table.getItem(new Point(area.x + 4, area.y + area.height / 2));
        return middle != null && Math.abs(table.indexOf(middle) - row) <= visible / 2;
    }

    private void userSelected(TableItem item) {
        selectedRow = item == null ? -1 : table.indexOf(item);
        long line = selectedLine();
        if (line > 0) {
            for (LongConsumer l : List.copyOf(lineListeners)) {
                l.accept(line);
            }
        }
    }

    /**
     * Searches for the field's text from the top row, or ({@code next}) from the row after the selection; wraps at
     * the end. Runs in a Job, the one before cancelled; the result is selected when it is done.
     */
    private void find(boolean next) {
        if (searching != null) {
            searching.cancel();
        }
        int current = ++searches;
        String wanted = search.getText();
        if (wanted.isEmpty()) {
            say(ready && lines != null ? lines.count() + " lines" : "");
            return;
        }
        if (!ready || lines == null) {
            say("reading the log\u2026"); // searched once it is read
            return;
        }
        if (lines.count() == 0) {
            say("not found");
            return;
        }
        int selected = (int) selectedLine() - 1;
        int from = fromFirstLine ? 0 : (next && selected >= 0 ? selected + 1 : table.getTopIndex()) % lines.count();
        fromFirstLine = false;
        LogLines in = lines;
        say("searching\u2026");
        searching = Job.create("Searching " + in.file().getFileName(), (IProgressMonitor monitor) -> {
            try {
                int row = LogSearch.find(in, wanted, from, monitor);
                later(() -> found(current, row));
            } catch (OperationCanceledException e) {
                return Status.CANCEL_STATUS;
            } catch (IOException e) {
                later(() -> {
                    if (current == searches && !table.isDisposed()) {
                        say("cannot read: " + e.getMessage());
                    }
                });
            }
            return Status.OK_STATUS;
        });
        searching.setSystem(true);
        searching.schedule();
    }

    private void found(int search, int row) {
        if (search != searches || table.isDisposed()) {
            return;
        }
        if (row < 0) {
            say("not found");
        } else {
            reveal(row);
            say("line " + (row + 1));
        }
    }

    private void copyMenu() {
        menu = new Menu(table);
        MenuItem copy = new MenuItem(menu, SWT.PUSH);
        copy.setText("&Copy\tCtrl+C");
        copy.addListener(SWT.Selection, e -> copySelection());
        table.setMenu(menu);
    }

    /** Puts the selected rows' texts on the clipboard, a line each. */
    void copySelection() {
        int[] rows = table.getSelectionIndices();
        if (lines == null || rows.length == 0) {
            return;
        }
        Arrays.sort(rows);
        StringBuilder text = new StringBuilder();
        for (int row : rows) {
            text.append(formatted(row).text()).append('\n');
        }
        Clipboard clipboard = new Clipboard(table.getDisplay());
        try {
            clipboard.setContents(new Object[] { text.toString() }, new Transfer[] { TextTransfer.getInstance() });
        } finally {
            clipboard.dispose();
        }
    }

    private void sizeColumns(int count, long longestLineBytes) {
        GC gc = new GC(table);
        try {
            int digit = (int) Math.ceil(gc.getFontMetrics().getAverageCharacterWidth());
            int digits = Math.max(4, Integer.toString(count).length());
            numberColumn.setWidth(Math.max(gc.textExtent(numberColumn.getText()).x, digits * digit) + 4 * digit);
            textColumn.setWidth((int) Math.min(MAX_TEXT_COLUMN_WIDTH, Math.max(600, (longestLineBytes + 4) * digit)));
        } finally {
            gc.dispose();
        }
    }

    private void say(String text) {
        found.setText(text);
        found.requestLayout();
    }

    /** Runs {@code r} on the UI thread later; false when the display is gone. */
    private boolean later(Runnable r) {
        Display display = table.isDisposed() ? null : table.getDisplay();
        if (display == null || display.isDisposed()) {
            return false;
        }
        display.asyncExec(r);
        return true;
    }

    private void stop() {
        if (indexing != null) {
            indexing.cancel();
        }
        if (searching != null) {
            searching.cancel();
        }
        close(lines);
        lines = null;
    }

    private static void close(LogLines l) {
        if (l == null) {
            return;
        }
        try {
            l.close();
        } catch (IOException e) {
            // nothing was written through it
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
