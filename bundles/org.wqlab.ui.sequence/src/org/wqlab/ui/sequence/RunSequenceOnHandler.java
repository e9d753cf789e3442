package org.wqlab.ui.sequence;

import org.wqlab.ui.WorkbenchServices;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.dialogs.ElementListSelectionDialog;
import org.eclipse.ui.handlers.HandlerUtil;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.Boards;

/** Run Sequence On...: like Run Sequence, on a board chosen from the saved boards. */
public final class RunSequenceOnHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchWindow window = HandlerUtil.getActiveWorkbenchWindowChecked(event);
        boolean fromEditor = HandlerUtil.getActivePart(event) instanceof SequenceEditor;
        var editor = SequenceLauncher.target(window, HandlerUtil.getCurrentSelection(event), fromEditor);
        if (editor.isEmpty()) {
            return null;
        }
        BoardRegistry registry;
        try {
            registry = WorkbenchServices.get(Boards.class).registry();
        } catch (BoardStoreException e) {
            MessageDialog.openError(window.getShell(), "Run Sequence On", e.getMessage());
            return null;
        }
        // a board that runs a sequence says so: it would only answer Board Busy
        ElementListSelectionDialog dialog = new ElementListSelectionDialog(window.getShell(), new LabelProvider() {
            @Override
            public String getText(Object element) {
                String name = (String) element;
                return registry.runs().running(name).map(r -> name + "   (running)").orElse(name);
            }
        });
        dialog.setTitle("Run Sequence On");
        dialog.setMessage("Run '" + editor.get().getTitle() + "' on the board:");
        dialog.setElements(registry.entries().stream().map(BoardEntry::name).toArray());
        dialog.setMultipleSelection(false);
        BoardChoice.selected(window).ifPresent(name -> dialog.setInitialSelections(name));
        if (dialog.open() != Window.OK || dialog.getFirstResult() == null) {
            return null;
        }
        return SequenceLauncher.run(editor.get(), window, (String) dialog.getFirstResult());
    }
}
