package org.wqlab.ui.experiments.export;

import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.expressions.IEvaluationContext;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.core.runtime.Status;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.ISources;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * The handler of one export of the active experiment or compare editor, named in plugin.xml after the class
 * ({@code EditorExportHandler:chartPng}); enabled only while one of those editors is the active editor and (for
 * the reports) has loaded. The optional {@link #FILE_PARAMETER} names the file instead of asking for one.
 */
public final class EditorExportHandler extends AbstractHandler implements IExecutableExtension {
    public static final String FILE_PARAMETER = "org.wqlab.ui.experiments.file";

    private EditorExport export;

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data)
            throws CoreException {
        export = data instanceof String s ? EditorExport.named(s).orElse(null) : null;
        if (export == null) {
            throw new CoreException(Status.error(config.getContributor().getName() + "/plugin.xml: handler "
                    + config.getAttribute(property) + " names no editor export (" + data + ")"));
        }
    }

    @Override
    public void setEnabled(Object evaluationContext) {
        IEditorPart editor = evaluationContext instanceof IEvaluationContext c
                && c.getVariable(ISources.ACTIVE_EDITOR_NAME) instanceof IEditorPart e ? e : null;
        setBaseEnabled(export.canRun(editor));
    }

    @Override
    public Object execute(ExecutionEvent event) {
        IEditorPart editor = HandlerUtil.getActiveEditor(event);
        if (export.canRun(editor)) {
            String file = event.getParameter(FILE_PARAMETER);
            export.run(editor, HandlerUtil.getActiveShell(event), file == null || file.isBlank() ? null : Path.of(file));
        }
        return null;
    }
}
