package org.wqlab.ui.plot;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.HandlerEvent;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.core.runtime.Status;

/**
 * The handler of one Live Plot command ({@code LivePlotCommandHandler:pause} in plugin.xml): enabled while a Live
 * Plot is shown (Mark only while it shows a live session), it acts on that plot.
 */
public final class LivePlotCommandHandler extends AbstractHandler implements IExecutableExtension {
    private LivePlotCommand command;
    private final Runnable changed = () -> fireHandlerChanged(new HandlerEvent(this, true, false));

    public LivePlotCommandHandler() {
        ShownLivePlot.addListener(changed);
    }

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data)
            throws CoreException {
        command = data instanceof String s ? LivePlotCommand.named(s).orElse(null) : null;
        if (command == null) {
            throw new CoreException(Status.error(config.getContributor().getName() + "/plugin.xml: handler "
                    + config.getAttribute(property) + " names no Live Plot command (" + data + ")"));
        }
    }

    @Override
    public boolean isEnabled() {
        return ShownLivePlot.current().map(view -> view.canRun(command)).orElse(false);
    }

    @Override
    public Object execute(ExecutionEvent event) {
        ShownLivePlot.current().filter(view -> view.canRun(command)).ifPresent(view -> view.run(command));
        return null;
    }

    @Override
    public void dispose() {
        ShownLivePlot.removeListener(changed);
        super.dispose();
    }
}
