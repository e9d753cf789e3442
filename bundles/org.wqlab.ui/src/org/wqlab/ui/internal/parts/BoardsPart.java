package org.wqlab.ui.internal.parts;

import jakarta.annotation.PostConstruct;

import org.eclipse.swt.widgets.Composite;
import org.wqlab.ui.ViewIds;

/** The Boards view (an e4 POJO part). */
public final class BoardsPart {

    @PostConstruct
    public void createControls(Composite parent) {
        PlaceholderPanel.fill(parent, ViewIds.BOARDS, "Boards",
                "Boards reached over SSH: the built-in simulated R-Car H3, your lab boards and the QEMU virtual board. Connections, status and board facts arrive here with the SSH transport.");
    }
}
