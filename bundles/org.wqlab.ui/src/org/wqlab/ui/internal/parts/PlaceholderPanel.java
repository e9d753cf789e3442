package org.wqlab.ui.internal.parts;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/** The content of a view whose feature has not landed yet: what it will show, so the layout reads true. */
final class PlaceholderPanel {
    /** Widget data key under which every wqlab part records its view id, for UI tests. */
    static final String PART_ID_KEY = "org.wqlab.ui.partId";

    private PlaceholderPanel() {
    }

    static void fill(Composite parent, String viewId, String heading, String description) {
        parent.setData(PART_ID_KEY, viewId);
        GridLayoutFactory.swtDefaults().margins(12, 12).applyTo(parent);
        Label title = new Label(parent, SWT.NONE);
        title.setText(heading);
        title.setFont(JFaceResources.getBannerFont());
        Label text = new Label(parent, SWT.WRAP);
        text.setText(description);
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(text);
    }
}
