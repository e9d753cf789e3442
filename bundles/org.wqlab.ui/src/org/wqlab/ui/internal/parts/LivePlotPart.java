package org.wqlab.ui.internal.parts;

import jakarta.annotation.PostConstruct;

import org.eclipse.swt.widgets.Composite;
import org.wqlab.ui.ViewIds;

/** The Live Plot view (an e4 POJO part). */
public final class LivePlotPart {

    @PostConstruct
    public void createControls(Composite parent) {
        PlaceholderPanel.fill(parent, ViewIds.LIVE_PLOT, "Live Plot",
                "Workqueue delay against board time while a sequence runs: one series per CPU, markers for USB disconnects and module loads, the threshold line, and a log-scale histogram.");
    }
}
