package org.wqlab.ui.sequence;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.ActionContributionItem;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.actions.CompoundContributionItem;

/** The sequences run last, as items of the Run menu and the Run button's drop-down: choosing one runs it again. */
public final class RunHistoryItems extends CompoundContributionItem {

    @Override
    protected IContributionItem[] getContributionItems() {
        List<Path> files = RunHistory.files();
        IContributionItem[] items = new IContributionItem[files.size()];
        for (int i = 0; i < items.length; i++) {
            items[i] = new ActionContributionItem(new RunAgain(i + 1, files.get(i)));
        }
        return items;
    }

    private static final class RunAgain extends Action {
        private final Path file;

        RunAgain(int number, Path file) {
            super("&" + number + " " + file.getFileName() + "  (" + file.getParent() + ")");
            this.file = file;
            setToolTipText("Run " + file + " again");
        }

        @Override
        public void run() {
            IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            if (window == null || window.getActivePage() == null) {
                return;
            }
            try {
                if (OpenDefaultSequenceHandler.openFile(window.getActivePage(), file) instanceof SequenceEditor e) {
                    SequenceLauncher.run(e, window, null);
                }
            } catch (PartInitException ex) {
                MessageDialog.openError(window.getShell(), "Run Sequence", ex.getMessage());
            }
        }
    }
}
