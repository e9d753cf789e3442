package org.wqlab.usb.internal;

import java.util.Collections;
import java.util.Comparator;
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
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;

/** The drivers in the OSGi service registry, tracked from the first use on. */
public final class InstalledUsbDrivers implements UsbDrivers {

    /** Declarative Services registers the built-in drivers soon after the framework starts this bundle. */
    private static final long BUILT_IN_WAIT_MS = 10_000;
    private static final Comparator<UsbDisconnectDriver> ORDER = Comparator
            .comparingInt((UsbDisconnectDriver d) -> {
                int i = UsbDriverIds.BUILT_IN.indexOf(d.id());
                return i < 0 ? UsbDriverIds.BUILT_IN.size() : i;
            }).thenComparing(UsbDisconnectDriver::id);

    private static InstalledUsbDrivers instance;

    private final Map<ServiceReference<UsbDisconnectDriver>, UsbDisconnectDriver> drivers =
            new ConcurrentHashMap<>();
    private final ServiceTracker<UsbDisconnectDriver, UsbDisconnectDriver> tracker;

    private InstalledUsbDrivers(BundleContext context) {
        tracker = new ServiceTracker<>(context, UsbDisconnectDriver.class, new Customizer(context));
        tracker.open();
    }

    public static synchronized InstalledUsbDrivers instance() {
        if (instance == null) {
            Bundle bundle = FrameworkUtil.getBundle(InstalledUsbDrivers.class);
            BundleContext context = bundle == null ? null : bundle.getBundleContext();
            if (context == null) {
                throw new IllegalStateException("org.wqlab.usb is not started in an OSGi framework: the USB"
                        + " disconnect drivers are its Declarative Services components");
            }
            instance = new InstalledUsbDrivers(context);
            instance.awaitBuiltIn();
        }
        return instance;
    }

    private synchronized void awaitBuiltIn() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BUILT_IN_WAIT_MS);
        try {
            long left;
            while (!ids().containsAll(UsbDriverIds.BUILT_IN) && (left = deadline - System.nanoTime()) > 0) {
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
    public List<UsbDisconnectDriver> all() {
        Map<String, UsbDisconnectDriver> byId = new LinkedHashMap<>();
        // the highest-ranked service wins an id that two bundles provide
        drivers.entrySet().stream().sorted(Map.Entry.comparingByKey(Collections.reverseOrder()))
                .forEach(e -> byId.putIfAbsent(e.getValue().id(), e.getValue()));
        return byId.values().stream().sorted(ORDER).toList();
    }

    private final class Customizer implements ServiceTrackerCustomizer<UsbDisconnectDriver, UsbDisconnectDriver> {
        private final BundleContext context;

        Customizer(BundleContext context) {
            this.context = context;
        }

        @Override
        public UsbDisconnectDriver addingService(ServiceReference<UsbDisconnectDriver> reference) {
            UsbDisconnectDriver driver = context.getService(reference);
            if (driver != null) {
                drivers.put(reference, driver);
                changed();
            }
            return driver;
        }

        @Override
        public void modifiedService(ServiceReference<UsbDisconnectDriver> reference, UsbDisconnectDriver driver) {
            // the ranking is read from the reference on each lookup
        }

        @Override
        public void removedService(ServiceReference<UsbDisconnectDriver> reference, UsbDisconnectDriver driver) {
            drivers.remove(reference);
            context.ungetService(reference);
            changed();
        }
    }
}
