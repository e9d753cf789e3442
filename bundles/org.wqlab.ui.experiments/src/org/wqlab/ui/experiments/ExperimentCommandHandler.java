package org.wqlab.ui.experiments;

import java.util.Optional;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.expressions.IEvaluationContext;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.core.runtime.Status;
import org.eclipse.ui.ISources;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * The handler of one Experiments view command, named in plugin.xml after the class
 * ({@code ExperimentCommandHandler:compare}). It acts on the selection of the window's Experiments view and is
 * enabled when that selection allows it, e.g. Compare with two readable experiments selected.
 */
public final class ExperimentCommandHandler extends AbstractHandler implements IExecutableExtension {
    private ExperimentCommand command;

    public ExperimentCommandHandler() {
    }

    /** For the view's own activations (Edit > Delete and Rename while the view is active). */
    ExperimentCommandHandler(ExperimentCommand command) {
        this.command = command;
    }

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data)
            throws CoreException {
        command = data instanceof String s ? ExperimentCommand.named(s).orElse(null) : null;
        if (command == null) {
            throw new CoreException(Status.error(config.getContributor().getName() + "/plugin.xml: handler "
                    + config.getAttribute(property) + " names no Experiments view command (" + data + ")"));
        }
    }

    @Override
    public void setEnabled(Object evaluationContext) {
        IWorkbenchWindow window = evaluationContext instanceof IEvaluationContext c
                && c.getVariable(ISources.ACTIVE_WORKBENCH_WINDOW_NAME) instanceof IWorkbenchWindow w ? w : null;
        setBaseEnabled(view(window).map(v -> v.actions().canRun(command)).orElse(false));
    }

    @Override
    public Object execute(ExecutionEvent event) {
        view(HandlerUtil.getActiveWorkbenchWindow(event)).filter(v -> v.actions().canRun(command))
                .ifPresent(v -> v.actions().run(command));
        return null;
    }

    private static Optional<ExperimentsView> view(IWorkbenchWindow window) {
        IWorkbenchPage page = window == null ? null : window.getActivePage();
        return page != null && page.findView(ExperimentIds.VIEW) instanceof ExperimentsView v ? Optional.of(v)
                : Optional.empty();
    }
}
