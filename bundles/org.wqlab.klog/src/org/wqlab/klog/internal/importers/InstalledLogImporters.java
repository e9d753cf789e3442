package org.wqlab.klog.internal.importers;

import java.time.Duration;
import java.util.List;

import org.osgi.framework.BundleContext;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;
import org.wqlab.services.InstalledServices;

/** The importers in the OSGi service registry, tracked from the first use on. */
public final class InstalledLogImporters implements LogImporters {

    /** Declarative Services registers the built-in importers soon after the framework starts this bundle. */
    private static final Duration BUILT_IN_WAIT = Duration.ofSeconds(10);
    private static InstalledLogImporters instance;

    private final InstalledServices<LogImporter> importers;

    private InstalledLogImporters(BundleContext context) {
        importers = new InstalledServices<>(context, LogImporter.class, () -> {
        });
    }

    /** The tracked importers, or null outside an OSGi framework. */
    public static synchronized InstalledLogImporters instance() {
        if (instance == null) {
            BundleContext context = InstalledServices.contextOf(InstalledLogImporters.class);
            if (context == null) {
                return null;
            }
            instance = new InstalledLogImporters(context);
            instance.importers.await(all -> all.stream().map(LogImporter::id).toList()
                    .containsAll(BuiltInImporters.ids()), BUILT_IN_WAIT);
        }
        return instance;
    }

    @Override
    public List<LogImporter> all() {
        return BuiltInImporters.sorted(importers.firstOfEach(LogImporter::id));
    }
}
