package org.wqlab.ui.kmod;

import org.eclipse.jface.preference.DirectoryFieldEditor;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.StringFieldEditor;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

/** Window > Preferences > wqlab > Kernel Module Build: the kernel build dir and toolchain latency-mon is built with. */
public final class KmodBuildPreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {

    public KmodBuildPreferencePage() {
        super(GRID);
        setDescription("How \"Build here\" in the Kernel Module view builds latency-mon from the sources shipped with "
                + "wqlab (make KDIR=... ARCH=... CROSS_COMPILE=...), and where modules go on the board.");
    }

    @Override
    public void init(IWorkbench workbench) {
        setPreferenceStore(KmodBuildPreferences.store());
    }

    @Override
    protected void createFieldEditors() {
        addField(new DirectoryFieldEditor(KmodBuildPreferences.KERNEL_BUILD_DIR,
                "Kernel build dir (KDIR, a prepared tree of the board's kernel):", getFieldEditorParent()));
        addField(new StringFieldEditor(KmodBuildPreferences.ARCH, "ARCH:", getFieldEditorParent()));
        addField(new StringFieldEditor(KmodBuildPreferences.CROSS_COMPILE, "CROSS_COMPILE:", getFieldEditorParent()));
        addField(new StringFieldEditor(KmodBuildPreferences.REMOTE_DIR, "Folder on the board:",
                getFieldEditorParent()));
    }
}
