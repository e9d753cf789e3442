package org.wqlab.ui;

import java.util.List;

/** Ids of the views of the "Latency Lab" perspective, for code and tests that look them up. */
public final class ViewIds {
    public static final String PERSPECTIVE = "org.wqlab.ui.perspective";
    public static final String BOARDS = "org.wqlab.ui.boards";
    public static final String LIVE_PLOT = "org.wqlab.ui.liveplot";
    public static final String EXPERIMENTS = "org.wqlab.ui.experiments";
    public static final String KERNEL_MODULE = "org.wqlab.ui.kmod";
    public static final String PROGRESS = "org.eclipse.ui.views.ProgressView";
    public static final String PROPERTIES = "org.eclipse.ui.views.PropertySheet";
    public static final String CONSOLE = "org.eclipse.ui.console.ConsoleView";
    public static final String PROJECT_EXPLORER = "org.eclipse.ui.navigator.ProjectExplorer";

    /** Every view the perspective opens by default. */
    public static final List<String> IN_PERSPECTIVE = List.of(BOARDS, EXPERIMENTS, PROJECT_EXPLORER, LIVE_PLOT,
            CONSOLE, PROGRESS, KERNEL_MODULE, PROPERTIES);

    private ViewIds() {
    }
}
