package org.wqlab.ui;

import org.eclipse.ui.IWorkbenchPartSite;
import org.eclipse.ui.contexts.IContextService;

/**
 * The key-binding context of wqlab's editors and views ({@code org.wqlab.ui.context}). wqlab's keys, such as Ctrl+F11
 * for Run Sequence, are bound in it, so inside an Eclipse IDE they apply only while a wqlab part is active and leave
 * the IDE's own Run and Debug keys alone.
 */
public final class WqlabContext {

    public static final String ID = "org.wqlab.ui.context";
    /** The command category wqlab's commands are listed under in Preferences > Keys and Quick Access. */
    public static final String COMMAND_CATEGORY = "org.wqlab.ui.commands";

    private WqlabContext() {
    }

    /** Activates the context while the part of {@code site} is the active part. */
    public static void activateIn(IWorkbenchPartSite site) {
        IContextService contexts = site.getService(IContextService.class);
        if (contexts != null) {
            contexts.activateContext(ID);
        }
    }
}
