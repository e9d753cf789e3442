package org.wqlab.ui.internal.parts;

import jakarta.annotation.PostConstruct;

import org.eclipse.swt.widgets.Composite;
import org.wqlab.ui.ViewIds;

/** The Kernel Module view (an e4 POJO part). */
public final class KernelModulePart {

    @PostConstruct
    public void createControls(Composite parent) {
        PlaceholderPanel.fill(parent, ViewIds.KERNEL_MODULE, "Kernel Module",
                "latency-mon on the selected board: build, check vermagic, deploy, load with parameters and unload.");
    }
}
