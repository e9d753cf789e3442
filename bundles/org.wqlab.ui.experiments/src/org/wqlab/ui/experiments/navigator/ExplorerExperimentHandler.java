package org.wqlab.ui.experiments.navigator;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.expressions.IEvaluationContext;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.ISources;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.wqlab.ui.experiments.ExperimentIds;
import org.wqlab.ui.experiments.compare.CompareEditorInput;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;

/**
 * Open Experiment and Compare Experiments for the experiments selected in the Project Explorer (plugin.xml makes
 * these, {@code ExplorerExperimentHandler:open} and {@code :compare}, the commands' handlers while the Project Explorer is the active part): Open needs one, Compare two.
 */
public final class ExplorerExperimentHandler extends AbstractHandler implements IExecutableExtension {
    private boolean compare;

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data)
            throws CoreException {
        if (!"open".equals(data) && !"compare".equals(data)) {
            throw new CoreException(Status.error(config.getContributor().getName() + "/plugin.xml: handler "
                    + config.getAttribute(property) + " is neither :open nor :compare (" + data + ")"));
        }
        compare = "compare".equals(data);
    }

    @Override
    public void setEnabled(Object context) {
        Object selection = context instanceof IEvaluationContext c
                ? c.getVariable(ISources.ACTIVE_CURRENT_SELECTION_NAME) : null;
        setBaseEnabled(nodes(selection).size() >= (compare ? 2 : 1));
    }

    @Override
    public Object execute(ExecutionEvent event) {
        List<ExperimentNode> nodes = nodes(HandlerUtil.getCurrentSelection(event));
        IWorkbenchWindow window = HandlerUtil.getActiveWorkbenchWindow(event);
        IWorkbenchPage page = window == null ? null : window.getActivePage();
        if (page == null || nodes.size() < (compare ? 2 : 1)) {
            return null;
        }
        try {
            if (compare) {
                page.openEditor(new CompareEditorInput(nodes.stream().map(ExperimentNode::dir).toList()),
                        ExperimentIds.COMPARE_EDITOR);
            } else {
                for (ExperimentNode n : nodes) {
                    page.openEditor(new ExperimentEditorInput(n.dir(), n.folder().getName()), ExperimentIds.EDITOR);
                }
            }
        } catch (PartInitException e) {
            ILog.of(getClass()).error(e.getMessage(), e);
        }
        return null;
    }

    static List<ExperimentNode> nodes(Object selection) {
        List<ExperimentNode> out = new ArrayList<>();
        if (selection instanceof IStructuredSelection s) {
            for (Object o : s.toList()) {
                if (o instanceof ExperimentNode n) {
                    out.add(n);
                }
            }
        }
        return out;
    }
}
