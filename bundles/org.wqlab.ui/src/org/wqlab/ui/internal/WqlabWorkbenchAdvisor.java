package org.wqlab.ui.internal;

import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.application.IWorkbenchConfigurer;
import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchAdvisor;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;
import org.eclipse.ui.ide.IDE;
import org.wqlab.ui.PageInput;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.firststeps.FirstStepsEditor;

final class WqlabWorkbenchAdvisor extends WorkbenchAdvisor {
    private final StartupSplash splash;

    WqlabWorkbenchAdvisor(StartupSplash splash) {
        this.splash = splash;
    }

    @Override
    public void initialize(IWorkbenchConfigurer configurer) {
        splash.status("Opening the workspace");
        configurer.setSaveAndRestore(true);
        // Project Explorer shows workspace resources through these adapters (icons, labels).
        IDE.registerAdapters();
    }

    @Override
    public void preStartup() {
        splash.status("Opening the Latency Lab perspective");
    }

    @Override
    public String getInitialWindowPerspectiveId() {
        return ViewIds.PERSPECTIVE;
    }

    @Override
    public IAdaptable getDefaultPageInput() {
        return ResourcesPlugin.getWorkspace().getRoot();
    }

    @Override
    public WorkbenchWindowAdvisor createWorkbenchWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
        return new WqlabWindowAdvisor(configurer);
    }

    /** An empty editor area shows the First Steps page. */
    @Override
    public void postStartup() {
        splash.close();
        IWorkbenchWindow window = getWorkbenchConfigurer().getWorkbench().getActiveWorkbenchWindow();
        IWorkbenchPage page = window == null ? null : window.getActivePage();
        if (page != null && page.getEditorReferences().length == 0) {
            try {
                page.openEditor(PageInput.FIRST_STEPS, FirstStepsEditor.ID, false);
            } catch (PartInitException e) {
                ILog.of(getClass()).error("Could not open the First Steps page", e);
            }
        }
    }

    @Override
    public boolean preShutdown() {
        IWorkspace workspace = ResourcesPlugin.getWorkspace();
        try {
            workspace.save(true, new NullProgressMonitor());
        } catch (CoreException e) {
            ILog.of(getClass()).error("Could not save the workspace " + workspace.getRoot().getLocation(), e);
        }
        return true;
    }
}
