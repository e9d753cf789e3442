package org.wqlab.bench.startup.minimal;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchAdvisor;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;

/** One empty workbench window through the 3.x compatibility layer, as wqlab's application opens its own. */
public final class MinimalApplication implements IApplication {
    /** The window title the start-up benchmark waits for. */
    static final String TITLE = "Minimal RCP";

    @Override
    public Object start(IApplicationContext context) {
        Display display = PlatformUI.createDisplay();
        try {
            int code = PlatformUI.createAndRunWorkbench(display, new EmptyWorkbenchAdvisor());
            return code == PlatformUI.RETURN_RESTART ? IApplication.EXIT_RESTART : IApplication.EXIT_OK;
        } finally {
            display.dispose();
        }
    }

    @Override
    public void stop() {
        if (PlatformUI.isWorkbenchRunning()) {
            Display display = PlatformUI.getWorkbench().getDisplay();
            display.syncExec(() -> PlatformUI.getWorkbench().close());
        }
    }

    private static final class EmptyWorkbenchAdvisor extends WorkbenchAdvisor {
        @Override
        public String getInitialWindowPerspectiveId() {
            return EmptyPerspective.ID;
        }

        @Override
        public WorkbenchWindowAdvisor createWorkbenchWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
            return new WorkbenchWindowAdvisor(configurer) {
                @Override
                public void preWindowOpen() {
                    configurer.setInitialSize(new Point(1440, 900));
                    configurer.setTitle(TITLE);
                }
            };
        }
    }
}
