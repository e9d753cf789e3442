package org.wqlab.ui.internal;

import org.eclipse.jface.preference.PreferencePage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

/** Window > Preferences > wqlab: the node wqlab's pages sit under, so that in an IDE they are found together. */
public final class WqlabPreferencePage extends PreferencePage implements IWorkbenchPreferencePage {

    public WqlabPreferencePage() {
        noDefaultAndApplyButton();
    }

    @Override
    public void init(IWorkbench workbench) {
        setDescription("wqlab: kernel workqueue latency on embedded Linux boards. Its settings are on the pages below.");
    }

    @Override
    protected Control createContents(Composite parent) {
        return new Label(parent, SWT.NONE);
    }
}
