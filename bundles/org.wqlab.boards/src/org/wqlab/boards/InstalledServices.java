package org.wqlab.boards;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The OSGi services of one type that installed bundles provide, in service ranking order; asked at each use, so a
 * bundle installed or stopped later is seen, and told to a listener as they come and go.
 */
public class InstalledServices<T> implements Supplier<List<T>>, AutoCloseable {

    private final ServiceTracker<T, T> tracker;
    // kept here rather than asked of the tracker: it adds a service only after addingService returns, and the
    // listener told from there asks for the list
    private final Map<ServiceReference<T>, T> services = new ConcurrentHashMap<>();

    /** @param changed told after a service comes or goes (on the thread that registers or unregisters it) */
    public InstalledServices(BundleContext context, Class<T> type, Runnable changed) {
        tracker = new ServiceTracker<>(context, type, null) {
            @Override
            public T addingService(ServiceReference<T> reference) {
                T service = super.addingService(reference);
                if (service != null) {
                    services.put(reference, service);
                    changed.run();
                }
                return service;
            }

            @Override
            public void removedService(ServiceReference<T> reference, T service) {
                services.remove(reference);
                super.removedService(reference, service);
                changed.run();
            }
        };
        tracker.open();
    }

    @Override
    public List<T> get() {
        return services.entrySet().stream()
                .sorted(Map.Entry.<ServiceReference<T>, T>comparingByKey(Comparator.reverseOrder()))
                .map(Map.Entry::getValue).toList();
    }

    @Override
    public void close() {
        tracker.close();
        services.clear();
    }
}
