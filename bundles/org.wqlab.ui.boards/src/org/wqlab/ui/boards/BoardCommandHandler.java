package org.wqlab.ui.boards;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.HandlerEvent;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.core.runtime.Status;

/**
 * The handler of one Boards view command, named in plugin.xml after the class ({@code BoardCommandHandler:connect}).
 * It acts on the shown Boards view's selection and is enabled exactly when the view's button would be, e.g. Connect
 * only while a disconnected board is selected; it tells the workbench whenever that may have changed, so the toolbar,
 * the context menu, Quick Access and key bindings follow.
 */
public final class BoardCommandHandler extends AbstractHandler implements IExecutableExtension {
    private BoardCommand command;
    private final Runnable changed = () -> fireHandlerChanged(new HandlerEvent(this, true, false));

    public BoardCommandHandler() {
        ShownBoardsView.addListener(changed);
    }

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data)
            throws CoreException {
        command = data instanceof String s ? BoardCommand.named(s).orElse(null) : null;
        if (command == null) {
            throw new CoreException(Status.error(config.getContributor().getName() + "/plugin.xml: handler "
                    + config.getAttribute(property) + " names no Boards view command (" + data + ")"));
        }
    }

    @Override
    public boolean isEnabled() {
        return ShownBoardsView.current().map(view -> view.canRun(command)).orElse(false);
    }

    @Override
    public Object execute(ExecutionEvent event) {
        ShownBoardsView.current().filter(view -> view.canRun(command)).ifPresent(view -> view.run(command));
        return null;
    }

    @Override
    public void dispose() {
        ShownBoardsView.removeListener(changed);
        super.dispose();
    }
}
