package org.wqlab.services;

import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
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
    private final Object changes = new Object();

    /** @param changed told after a service comes or goes (on the thread that registers or unregisters it) */
    public InstalledServices(BundleContext context, Class<T> type, Runnable changed) {
        tracker = new ServiceTracker<>(context, type, null) {
            @Override
            public T addingService(ServiceReference<T> reference) {
                T service = super.addingService(reference);
                if (service != null) {
                    services.put(reference, service);
                    changed(changed);
                }
                return service;
            }

            @Override
            public void removedService(ServiceReference<T> reference, T service) {
                services.remove(reference);
                super.removedService(reference, service);
                changed(changed);
            }
        };
        tracker.open();
    }

    /** The context of the bundle that loaded {@code owner}, or null outside a started OSGi framework. */
    public static BundleContext contextOf(Class<?> owner) {
        Bundle bundle = FrameworkUtil.getBundle(owner);
        return bundle == null ? null : bundle.getBundleContext();
    }

    private void changed(Runnable listener) {
        synchronized (changes) {
            changes.notifyAll();
        }
        listener.run();
    }

    @Override
    public List<T> get() {
        return services.entrySet().stream()
                .sorted(Map.Entry.<ServiceReference<T>, T>comparingByKey(Comparator.reverseOrder()))
                .map(Map.Entry::getValue).toList();
    }

    /** One service for each key, the highest-ranked one where two bundles provide the same key; in ranking order. */
    public <K> List<T> firstOfEach(Function<T, K> key) {
        Map<K, T> byKey = new LinkedHashMap<>();
        get().forEach(s -> byKey.putIfAbsent(key.apply(s), s));
        return List.copyOf(byKey.values());
    }

    /**
     * Waits until the services installed satisfy {@code ready} (Declarative Services registers a bundle's components
     * soon after the framework starts it, not at once), at most {@code max}.
     *
     * @return whether they did
     */
    public boolean await(Predicate<List<T>> ready, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        synchronized (changes) {
            try {
                long left;
                while (!ready.test(get())) {
                    if ((left = deadline - System.nanoTime()) <= 0) {
                        return false;
                    }
                    TimeUnit.NANOSECONDS.timedWait(changes, left);
                }
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    @Override
    public void close() {
        tracker.close();
        services.clear();
    }
}
