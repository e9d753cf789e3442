package org.wqlab.ui.experiments.editor;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.widgets.Composite;

/** A column of words beside a chart: it wraps to the column's width and scrolls when taller than the chart. */
final class ScrollingColumn {

    private ScrollingColumn() {
    }

    static void attach(ScrolledComposite scroll, Composite column) {
        scroll.setContent(column);
        scroll.setExpandHorizontal(true);
        scroll.setExpandVertical(true);
        scroll.addListener(SWT.Resize, e -> fit(scroll, column));
        column.addListener(SWT.Resize, e -> fit(scroll, column));
    }

    /** The column's height at the scroller's width: what it scrolls over. */
    static void fit(ScrolledComposite scroll, Composite column) {
        int height = column.computeSize(scroll.getClientArea().width, SWT.DEFAULT).y;
        if (scroll.getMinHeight() != height) {
            scroll.setMinHeight(height);
        }
    }
}
