package org.wqlab.ui.experiments;

import java.time.Duration;

import org.eclipse.core.resources.IProject;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.wqlab.core.store.Workspace;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.testing.UiWait;

/** The workbench window at 1440x900 with the Experiments view shown, and the workspace of its first project. */
record LabWindow(Display display, Shell shell, IWorkbenchPage page, Workspace workspace) {
    private static final Duration STARTUP = Duration.ofSeconds(60);

    static LabWindow open() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        Shell shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        shell.setBounds(0, 0, 1440, 900);
        IWorkbenchPage page = window.getActivePage();
        page.showView(ViewIds.EXPERIMENTS);
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                STARTUP, "the wqlab project");
        return new LabWindow(display, shell, page, ExperimentProjects.workspaceOf(project));
    }
}
