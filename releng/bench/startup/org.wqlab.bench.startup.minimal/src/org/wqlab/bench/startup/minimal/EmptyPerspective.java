package org.wqlab.bench.startup.minimal;

import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/** A perspective with nothing but the editor area. */
public final class EmptyPerspective implements IPerspectiveFactory {
    static final String ID = "org.wqlab.bench.startup.minimal.perspective";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        layout.setEditorAreaVisible(true);
    }
}
