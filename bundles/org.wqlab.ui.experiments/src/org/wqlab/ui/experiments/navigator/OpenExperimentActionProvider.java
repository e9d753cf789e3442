package org.wqlab.ui.experiments.navigator;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.menus.CommandContributionItem;
import org.eclipse.ui.menus.CommandContributionItemParameter;
import org.eclipse.ui.navigator.CommonActionProvider;
import org.eclipse.ui.navigator.ICommonActionConstants;
import org.eclipse.ui.navigator.ICommonActionExtensionSite;
import org.eclipse.ui.navigator.ICommonMenuConstants;
import org.eclipse.ui.navigator.ICommonViewerWorkbenchSite;
import org.wqlab.ui.experiments.ExperimentCommand;

/**
 * In the Project Explorer, Open Experiment and Compare Experiments are the commands (handled for its selection by
 * {@link ExplorerExperimentHandler}): the context menu holds their contributions and double-click executes Open.
 */
public final class OpenExperimentActionProvider extends CommonActionProvider {
    private IWorkbenchWindow window;
    private Action open;

    @Override
    public void init(ICommonActionExtensionSite site) {
        if (site.getViewSite() instanceof ICommonViewerWorkbenchSite ws) {
            window = ws.getWorkbenchWindow();
        }
        open = new Action("Open Experiment") {
            @Override
            public void run() {
                try {
                    window.getService(IHandlerService.class).executeCommand(ExperimentCommand.OPEN.id(), null);
                } catch (Exception e) {
                    org.eclipse.core.runtime.ILog.of(getClass()).error("Open Experiment: " + e.getMessage(), e);
                }
            }
        };
    }

    private int selected() {
        return getContext() == null ? 0 : ExplorerExperimentHandler.nodes(getContext().getSelection()).size();
    }

    @Override
    public void fillActionBars(IActionBars bars) {
        if (window != null && selected() > 0) {
            bars.setGlobalActionHandler(ICommonActionConstants.OPEN, open);
        }
    }

    @Override
    public void fillContextMenu(IMenuManager menu) {
        if (window == null) {
            return;
        }
        int n = selected();
        if (n >= 1) {
            menu.appendToGroup(ICommonMenuConstants.GROUP_OPEN, item(ExperimentCommand.OPEN, "Open Experiment"));
        }
        if (n >= 2) {
            menu.appendToGroup(ICommonMenuConstants.GROUP_OPEN, item(ExperimentCommand.COMPARE, "Compare Experiments"));
        }
    }

    private CommandContributionItem item(ExperimentCommand command, String label) {
        CommandContributionItemParameter p = new CommandContributionItemParameter(window, command.id(), command.id(),
                CommandContributionItem.STYLE_PUSH);
        p.label = label;
        return new CommandContributionItem(p);
    }
}
