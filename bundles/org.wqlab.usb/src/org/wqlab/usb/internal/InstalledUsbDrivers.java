package org.wqlab.usb.internal;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;

import org.osgi.framework.BundleContext;
import org.wqlab.services.InstalledServices;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;

/** The drivers in the OSGi service registry, tracked from the first use on. */
public final class InstalledUsbDrivers implements UsbDrivers {

    /** Declarative Services registers the built-in drivers soon after the framework starts this bundle. */
    private static final Duration BUILT_IN_WAIT = Duration.ofSeconds(10);
    private static final Comparator<UsbDisconnectDriver> ORDER = Comparator
            .comparingInt((UsbDisconnectDriver d) -> {
                int i = UsbDriverIds.BUILT_IN.indexOf(d.id());
                return i < 0 ? UsbDriverIds.BUILT_IN.size() : i;
            }).thenComparing(UsbDisconnectDriver::id);

    private static InstalledUsbDrivers instance;

    private final InstalledServices<UsbDisconnectDriver> drivers;

    private InstalledUsbDrivers(BundleContext context) {
        drivers = new InstalledServices<>(context, UsbDisconnectDriver.class, () -> {
        });
    }

    public static synchronized InstalledUsbDrivers instance() {
        if (instance == null) {
            BundleContext context = InstalledServices.contextOf(InstalledUsbDrivers.class);
            if (context == null) {
                throw new IllegalStateException("org.wqlab.usb is not started in an OSGi framework: the USB"
                        + " disconnect drivers are its Declarative Services components");
            }
            instance = new InstalledUsbDrivers(context);
            instance.drivers.await(all -> all.stream().map(UsbDisconnectDriver::id).toList()
                    .containsAll(UsbDriverIds.BUILT_IN), BUILT_IN_WAIT);
        }
        return instance;
    }

    @Override
    public List<UsbDisconnectDriver> all() {
        return drivers.firstOfEach(UsbDisconnectDriver::id).stream().sorted(ORDER).toList();
    }
}
