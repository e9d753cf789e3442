package org.wqlab.boards;

import org.osgi.framework.BundleContext;
import org.wqlab.services.InstalledServices;

/** The board kinds installed bundles provide as OSGi services ({@link BoardKindProvider}, usually a DS component). */
public final class InstalledBoardKinds extends InstalledServices<BoardKindProvider> {

    private InstalledBoardKinds(BundleContext context, Runnable changed) {
        super(context, BoardKindProvider.class, changed);
    }

    public static InstalledBoardKinds open(BundleContext context) {
        return open(context, () -> {
        });
    }

    /** @param changed told after a kind is installed or goes (on the thread that registers or unregisters it) */
    public static InstalledBoardKinds open(BundleContext context, Runnable changed) {
        return new InstalledBoardKinds(context, changed);
    }
}
