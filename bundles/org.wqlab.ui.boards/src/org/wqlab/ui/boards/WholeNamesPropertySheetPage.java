package org.wqlab.ui.boards;

import org.eclipse.jface.viewers.ISelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.views.properties.PropertySheetPage;

/**
 * The Properties view's page for boards: the name column is as wide as the longest name shown (the platform's page
 * gives it 40% of the view and cuts names in the narrow default layout), up to what leaves the values a third of
 * the view.
 */
final class WholeNamesPropertySheetPage extends PropertySheetPage {
    private static final double MIN_VALUE_SHARE = 1 / 3.0;

    @Override
    public void createControl(Composite parent) {
        super.createControl(parent);
        Tree tree = (Tree) getControl();
        tree.addListener(SWT.Resize, e -> fitLater());
        tree.addListener(SWT.Expand, e -> fitLater());
    }

    @Override
    public void selectionChanged(IWorkbenchPart part, ISelection selection) {
        super.selectionChanged(part, selection);
        fitLater();
    }

    @Override
    public void refresh() {
        super.refresh();
        fitLater();
    }

    /** After the page's own layout (it sets 40/60 on its first resize), once the rows exist. */
    private void fitLater() {
        if (getControl() != null && !getControl().isDisposed()) {
            getControl().getDisplay().asyncExec(this::fit);
        }
    }

    private void fit() {
        if (!(getControl() instanceof Tree tree) || tree.isDisposed() || tree.getColumnCount() < 2) {
            return;
        }
        TreeColumn names = tree.getColumn(0);
        TreeColumn values = tree.getColumn(1);
        names.pack();
        int available = tree.getClientArea().width;
        int maxNames = (int) (available * (1 - MIN_VALUE_SHARE));
        if (names.getWidth() > maxNames) {
            names.setWidth(maxNames);
        }
        values.setWidth(Math.max(1, available - names.getWidth()));
    }
}
