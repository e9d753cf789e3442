package org.wqlab.ui.testing;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;

/** Top-level rows of a tree found by their first column's text, and selected as a click would. */
public final class TreeRows {

    private TreeRows() {
    }

    /** @return the row whose first column reads {@code name}, or null */
    public static TreeItem named(Tree tree, String name) {
        for (TreeItem item : tree.getItems()) {
            if (name.equals(item.getText(0))) {
                return item;
            }
        }
        return null;
    }

    /** Selects the row and tells the tree's listeners (a JFace viewer then fires its selection). */
    public static void select(Tree tree, TreeItem item) {
        tree.setSelection(item);
        Event e = new Event();
        e.item = item;
        tree.notifyListeners(SWT.Selection, e);
    }
}
