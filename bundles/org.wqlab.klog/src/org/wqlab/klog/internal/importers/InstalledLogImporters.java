package org.wqlab.klog.internal.importers;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;
import org.osgi.util.tracker.ServiceTrackerCustomizer;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;

/** The importers in the OSGi service registry, tracked from the first use on. */
public final class InstalledLogImporters implements LogImporters {

    /** Declarative Services registers the built-in importers soon after the framework starts this bundle. */
    private static final long BUILT_IN_WAIT_MS = 10_000;
    private static InstalledLogImporters instance;

    private final Map<ServiceReference<LogImporter>, LogImporter> importers =
            new ConcurrentHashMap<>();
    private final ServiceTracker<LogImporter, LogImporter> tracker;

    private InstalledLogImporters(BundleContext context) {
        tracker = new ServiceTracker<>(context, LogImporter.class, new Customizer(context));
        tracker.open();
    }

    /** The tracked importers, or null outside an OSGi framework. */
    public static synchronized InstalledLogImporters instance() {
        if (instance == null) {
            Bundle bundle = FrameworkUtil.getBundle(InstalledLogImporters.class);
            BundleContext context = bundle == null ? null : bundle.getBundleContext();
            if (context == null) {
                return null;
            }
            instance = new InstalledLogImporters(context);
            instance.awaitBuiltIn();
        }
        return instance;
    }

    private synchronized void awaitBuiltIn() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BUILT_IN_WAIT_MS);
        try {
            long left;
            while (!all().stream().map(LogImporter::id).toList().containsAll(BuiltInImporters.ids()) && (left = deadline - System.nanoTime()) > 0) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void changed() {
        notifyAll();
    }

    @Override
    public List<LogImporter> all() {
        Map<String, LogImporter> byId = new LinkedHashMap<>();
        // the highest-ranked service wins an id that two bundles provide
        importers.entrySet().stream().sorted(Map.Entry.comparingByKey(Collections.reverseOrder()))
                .forEach(e -> byId.putIfAbsent(e.getValue().id(), e.getValue()));
        return BuiltInImporters.sorted(byId.values());
    }

    private final class Customizer implements ServiceTrackerCustomizer<LogImporter, LogImporter> {
        private final BundleContext context;

        Customizer(BundleContext context) {
            this.context = context;
        }

        @Override
        public LogImporter addingService(ServiceReference<LogImporter> reference) {
            LogImporter importer = context.getService(reference);
            if (importer != null) {
                importers.put(reference, importer);
                changed();
            }
            return importer;
        }

        @Override
        public void modifiedService(ServiceReference<LogImporter> reference, LogImporter importer) {
            // the ranking is read from the reference on each lookup
        }

        @Override
        public void removedService(ServiceReference<LogImporter> reference, LogImporter importer) {
            importers.remove(reference);
            context.ungetService(reference);
            changed();
        }
    }
}
