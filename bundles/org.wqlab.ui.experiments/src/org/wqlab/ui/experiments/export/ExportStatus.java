package org.wqlab.ui.experiments.export;

import java.nio.file.Path;
import java.util.function.Consumer;

import org.eclipse.jface.action.ContributionItem;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.jface.action.IStatusLineManager;
import org.eclipse.jface.action.StatusLineLayoutData;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.program.Program;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;

/**
 * Where the last export went, in the status line of the part it was exported from: "Exported WHAT to PATH" and an
 * Open link that opens the file with the system's program for it (a browser for HTML and SVG, an image viewer for
 * PNG). One item per status line, replaced by the next export.
 */
public final class ExportStatus extends ContributionItem {
    public static final String ID = "org.wqlab.ui.experiments.exportStatus";

    /** What Open does with the file; tests put their own here so that no program starts. */
    public static volatile Consumer<Path> launcher = file -> Program.launch(file.toString());

    private String text = "";
    private Path file;
    private Label label;
    private Link open;

    private ExportStatus() {
        super(ID);
    }

    /** Shows that {@code what} was exported to {@code file} in {@code statusLine} (null: nowhere). UI thread. */
    static void show(IStatusLineManager statusLine, String what, Path file) {
        if (statusLine == null) {
            return;
        }
        ExportStatus item = in(statusLine);
        if (item == null) {
            item = new ExportStatus();
            statusLine.add(item);
        }
        item.file = file.toAbsolutePath();
        item.text = "Exported " + what + " to " + item.file;
        statusLine.markDirty();
        statusLine.update(true); // the status line fills its items again: the label shows the new text
    }

    /**
     * The item {@code statusLine} holds itself, or null. Not {@code find}: a part's status line finds in the window's
     * too, where an item of an editor closed since may linger, never shown again.
     */
    public static ExportStatus in(IStatusLineManager statusLine) {
        for (IContributionItem i : statusLine.getItems()) {
            if (i instanceof ExportStatus s) {
                return s;
            }
        }
        return null;
    }

    /** "Exported WHAT to PATH", or empty before the first export. */
    public String text() {
        return text;
    }

    /** The file exported last (absolute), or null. */
    public Path file() {
        return file;
    }

    /** The label as shown, or null while the status line has not drawn the item. */
    public Label label() {
        return label;
    }

    /** The Open link as shown, or null while the status line has not drawn the item. */
    public Link openLink() {
        return open;
    }

    /** What the Open link does: opens the file with the system's program. */
    public void open() {
        if (file != null) {
            launcher.accept(file);
        }
    }

    @Override
    public void fill(Composite parent) {
        Composite row = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(2, false);
        layout.marginHeight = 0;
        layout.marginWidth = 2;
        row.setLayout(layout);
        label = new Label(row, SWT.NONE);
        label.setText(text);
        label.setToolTipText(text);
        open = new Link(row, SWT.NONE);
        open.setText("<a>Open</a>");
        open.setToolTipText("Open the exported file with the system's program for it");
        open.addListener(SWT.Selection, e -> open());
        StatusLineLayoutData data = new StatusLineLayoutData();
        data.widthHint = row.computeSize(SWT.DEFAULT, SWT.DEFAULT).x;
        row.setLayoutData(data);
        Label shown = label;
        row.addDisposeListener(e -> {
            if (label == shown) {
                label = null;
                open = null;
            }
        });
    }
}
