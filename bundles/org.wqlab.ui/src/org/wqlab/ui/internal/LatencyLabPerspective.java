package org.wqlab.ui.internal;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;
import org.wqlab.ui.ViewIds;

/**
 * Boards and experiments on the left, sequences and experiments in the editor area (the largest region), the live
 * plot under it with the run's console, progress, the kernel module and properties beside it: no column on the
 * right, so that at 1280x800 the editor and the plot keep their width.
 */
public final class LatencyLabPerspective implements IPerspectiveFactory {

    @Override
    public void createInitialLayout(IPageLayout layout) {
        String editors = layout.getEditorArea();
        layout.setEditorAreaVisible(true);

        IFolderLayout boards = layout.createFolder("wqlab.left.top", IPageLayout.LEFT, 0.27f, editors);
        boards.addView(ViewIds.BOARDS);

        IFolderLayout experiments = layout.createFolder("wqlab.left.bottom", IPageLayout.BOTTOM, 0.45f,
                "wqlab.left.top");
        experiments.addView(ViewIds.EXPERIMENTS);
        experiments.addView(ViewIds.PROJECT_EXPLORER);

        IFolderLayout plot = layout.createFolder("wqlab.bottom", IPageLayout.BOTTOM, 0.47f, editors);
        plot.addView(ViewIds.LIVE_PLOT);

        IFolderLayout console = layout.createFolder("wqlab.bottom.right", IPageLayout.RIGHT, 0.62f, "wqlab.bottom");
        console.addView(ViewIds.CONSOLE);
        console.addView(ViewIds.PROGRESS);
        console.addView(ViewIds.KERNEL_MODULE);
        console.addView(ViewIds.PROPERTIES);
        // more Live Plots (Window > New Live Plot) open beside the first, halving its width: boards side by side
        layout.addPlaceholder(ViewIds.LIVE_PLOT + ":*", IPageLayout.RIGHT, 0.5f, "wqlab.bottom");

        ViewIds.IN_PERSPECTIVE.forEach(layout::addShowViewShortcut);
    }
}
