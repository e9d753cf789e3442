package org.wqlab.ui.internal;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;

/** The wqlab workbench: the Eclipse 4 platform with the 3.x compatibility layer. */
public final class WqlabApplication implements IApplication {

    @Override
    public Object start(IApplicationContext context) {
        Display display = PlatformUI.createDisplay();
        StartupSplash splash = new StartupSplash(display);
        try {
            int code = PlatformUI.createAndRunWorkbench(display, new WqlabWorkbenchAdvisor(splash));
            if (code != PlatformUI.RETURN_RESTART) {
                return IApplication.EXIT_OK;
            }
            // File > Switch Workspace sets exit code 24 and the new command line in eclipse.exitdata
            return Integer.valueOf(24).equals(Integer.getInteger("eclipse.exitcode")) ? IApplication.EXIT_RELAUNCH
                    : IApplication.EXIT_RESTART;
        } finally {
            splash.close();
            display.dispose();
        }
    }

    @Override
    public void stop() {
        if (!PlatformUI.isWorkbenchRunning()) {
            return;
        }
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        display.syncExec(() -> {
            if (!display.isDisposed()) {
                workbench.close();
            }
        });
    }
}
