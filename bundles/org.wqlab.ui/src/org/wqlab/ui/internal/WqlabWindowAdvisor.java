package org.wqlab.ui.internal;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Monitor;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;
import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;

final class WqlabWindowAdvisor extends WorkbenchWindowAdvisor {

    WqlabWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
        super(configurer);
    }

    @Override
    public ActionBarAdvisor createActionBarAdvisor(IActionBarConfigurer configurer) {
        return new WqlabActionBarAdvisor(configurer);
    }

    @Override
    public void preWindowOpen() {
        IWorkbenchWindowConfigurer configurer = getWindowConfigurer();
        Display display = Display.getCurrent();
        Monitor monitor = display == null ? null : display.getPrimaryMonitor();
        // without this a 1280x800 screen got a 1440x900 window, its right and bottom edges off the screen
        configurer.setInitialSize(InitialWindowSize.fitting(monitor == null ? null : monitor.getClientArea()));
        configurer.setShowCoolBar(true);
        configurer.setShowStatusLine(true);
        configurer.setShowProgressIndicator(true);
        configurer.setShowPerspectiveBar(true);
        configurer.setTitle("wqlab - Latency Lab");
    }
}
