package org.wqlab.ui.experiments.navigator;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.navigator.CommonActionProvider;
import org.eclipse.ui.navigator.ICommonActionConstants;
import org.eclipse.ui.navigator.ICommonActionExtensionSite;
import org.eclipse.ui.navigator.ICommonMenuConstants;
import org.eclipse.ui.navigator.ICommonViewerWorkbenchSite;
import org.wqlab.ui.experiments.ExperimentIds;
import org.wqlab.ui.experiments.compare.CompareEditorInput;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;

/** Double-click (Open) on an experiment opens its editor; two or more selected can be compared. */
public final class OpenExperimentActionProvider extends CommonActionProvider {
    private Action open;
    private Action compare;
    private IWorkbenchPage page;

    @Override
    public void init(ICommonActionExtensionSite site) {
        if (site.getViewSite() instanceof ICommonViewerWorkbenchSite ws) {
            page = ws.getPage();
        }
        open = new Action("Open Experiment") {
            @Override
            public void run() {
                for (ExperimentNode n : selected()) {
                    try {
                        page.openEditor(new ExperimentEditorInput(n.dir(), n.folder().getName()), ExperimentIds.EDITOR);
                    } catch (PartInitException e) {
                        org.eclipse.core.runtime.ILog.of(getClass()).error(e.getMessage(), e);
                    }
                }
            }
        };
        compare = new Action("Compare Experiments") {
            @Override
            public void run() {
                try {
                    page.openEditor(new CompareEditorInput(selected().stream().map(ExperimentNode::dir).toList()),
                            ExperimentIds.COMPARE_EDITOR);
                } catch (PartInitException e) {
                    org.eclipse.core.runtime.ILog.of(getClass()).error(e.getMessage(), e);
                }
            }
        };
    }

    private List<ExperimentNode> selected() {
        List<ExperimentNode> out = new ArrayList<>();
        if (getContext() != null && getContext().getSelection() instanceof IStructuredSelection s) {
            for (Object o : s.toList()) {
                if (o instanceof ExperimentNode n) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    @Override
    public void fillActionBars(IActionBars bars) {
        if (page != null && !selected().isEmpty()) {
            bars.setGlobalActionHandler(ICommonActionConstants.OPEN, open);
        }
    }

    @Override
    public void fillContextMenu(IMenuManager menu) {
        if (page == null) {
            return;
        }
        int n = selected().size();
        if (n >= 1) {
            menu.appendToGroup(ICommonMenuConstants.GROUP_OPEN, open);
        }
        if (n >= 2) {
            menu.appendToGroup(ICommonMenuConstants.GROUP_OPEN, compare);
        }
    }
}
