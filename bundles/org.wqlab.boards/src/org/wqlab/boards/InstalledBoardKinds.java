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

    private InstalledBoardKinds(BundleContext context, Runnable changed) {
        tracker = new ServiceTracker<>(context, BoardKindProvider.class, null) {
            @Override
            public BoardKindProvider addingService(ServiceReference<BoardKindProvider> reference) {
                BoardKindProvider kind = super.addingService(reference);
                changed.run();
                return kind;
            }

            @Override
            public void removedService(ServiceReference<BoardKindProvider> reference, BoardKindProvider service) {
                super.removedService(reference, service);
                changed.run();
            }
        };
        tracker.open();
    }

    public static InstalledBoardKinds open(BundleContext context) {
        return open(context, () -> {
        });
    }

    /** @param changed told after a kind is installed or goes (on the thread that registers or unregisters it) */
    public static InstalledBoardKinds open(BundleContext context, Runnable changed) {
        return new InstalledBoardKinds(context, changed);
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
