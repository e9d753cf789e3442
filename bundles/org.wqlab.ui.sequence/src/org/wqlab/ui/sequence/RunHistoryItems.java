package org.wqlab.ui.sequence;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.action.IContributionItem;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.actions.CompoundContributionItem;
import org.eclipse.ui.menus.CommandContributionItem;
import org.eclipse.ui.menus.CommandContributionItemParameter;
import org.eclipse.ui.menus.IWorkbenchContribution;
import org.eclipse.ui.services.IServiceLocator;

/**
 * The sequences run last, as items of the Run menu and the Run button's drop-down: each is the Run Sequence File
 * command with the file as its parameter, so choosing one runs it again.
 */
public final class RunHistoryItems extends CompoundContributionItem implements IWorkbenchContribution {
    private IServiceLocator services = PlatformUI.getWorkbench();

    @Override
    public void initialize(IServiceLocator serviceLocator) {
        services = serviceLocator;
    }

    @Override
    protected IContributionItem[] getContributionItems() {
        return items(services).toArray(IContributionItem[]::new);
    }

    /** The items for the run history as it is now, newest first. */
    public static List<CommandContributionItem> items(IServiceLocator services) {
        List<Path> files = RunHistory.files();
        List<CommandContributionItem> out = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            CommandContributionItemParameter p = new CommandContributionItemParameter(services,
                    RunCommands.RUN_FILE + "." + (i + 1), RunCommands.RUN_FILE, CommandContributionItem.STYLE_PUSH);
            p.label = "&" + (i + 1) + " " + file.getFileName() + "  (" + file.getParent() + ")";
            p.tooltip = "Run " + file + " again";
            p.parameters = Map.of(RunCommands.RUN_FILE_PATH, file.toString());
            out.add(new CommandContributionItem(p));
        }
        return out;
    }
}
