package org.wqlab.boards.internal;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.wqlab.boards.Boards;

/** Closes board connections and stops the built-in simulator when the bundle stops. */
public final class Activator implements BundleActivator {
    @Override
    public void start(BundleContext context) {
        // the registry opens on first use
    }

    @Override
    public void stop(BundleContext context) {
        Boards.shutdown();
    }
}
