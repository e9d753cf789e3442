package org.wqlab.boards;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The board kinds installed bundles provide as OSGi services ({@link BoardKindProvider}, usually a DS component), in
 * service ranking order; asked at each use, so a bundle installed or stopped later is seen.
 */
public final class InstalledBoardKinds implements Supplier<List<BoardKindProvider>>, AutoCloseable {

    private final ServiceTracker<BoardKindProvider, BoardKindProvider> tracker;

    private InstalledBoardKinds(BundleContext context) {
        tracker = new ServiceTracker<>(context, BoardKindProvider.class, null);
        tracker.open();
    }

    public static InstalledBoardKinds open(BundleContext context) {
        return new InstalledBoardKinds(context);
    }

    @Override
    public List<BoardKindProvider> get() {
        return tracker.getTracked().entrySet().stream()
                .sorted(Map.Entry.<ServiceReference<BoardKindProvider>, BoardKindProvider>comparingByKey(
                        Comparator.reverseOrder()))
                .map(Map.Entry::getValue).toList();
    }

    @Override
    public void close() {
        tracker.close();
    }
}
