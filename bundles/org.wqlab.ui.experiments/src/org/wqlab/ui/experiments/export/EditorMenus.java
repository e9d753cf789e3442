package org.wqlab.ui.experiments.export;

import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchPartSite;

/**
 * The context menu of an experiment or compare editor: empty but for its "additions" group, registered with the
 * editor's site so that the export commands of plugin.xml fill it ({@code popup:<id>?after=additions}).
 */
public final class EditorMenus {
    private static final ISelectionProvider NO_SELECTION = new ISelectionProvider() {
        @Override
        public ISelection getSelection() {
            return StructuredSelection.EMPTY;
        }

        @Override
        public void setSelection(ISelection selection) {
        }

        @Override
        public void addSelectionChangedListener(ISelectionChangedListener listener) {
        }

        @Override
        public void removeSelectionChangedListener(ISelectionChangedListener listener) {
        }
    };

    private EditorMenus() {
    }

    public static MenuManager register(IWorkbenchPartSite site, String menuId, Control... controls) {
        MenuManager menu = new MenuManager("#PopupMenu", menuId);
        menu.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        for (Control c : controls) {
            c.setMenu(menu.createContextMenu(c));
        }
        site.registerContextMenu(menuId, menu, NO_SELECTION);
        return menu;
    }
}
