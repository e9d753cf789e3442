package org.wqlab.ui.internal.parts;

import jakarta.annotation.PostConstruct;

import org.eclipse.swt.widgets.Composite;
import org.wqlab.ui.ViewIds;

/** The Experiments view (an e4 POJO part). */
public final class ExperimentsPart {

    @PostConstruct
    public void createControls(Composite parent) {
        PlaceholderPanel.fill(parent, ViewIds.EXPERIMENTS, "Experiments",
                "Every run kept in the workspace: name, date, board, kernel, config, worst delay and status, to open, compare and export.");
    }
}
