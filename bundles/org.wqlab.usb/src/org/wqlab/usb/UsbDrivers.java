package org.wqlab.usb;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.wqlab.usb.internal.InstalledUsbDrivers;

/** A set of disconnect drivers, looked up by id. */
public interface UsbDrivers {

    /** Built-in drivers first, in {@link UsbDriverIds#BUILT_IN} order, then the others by id. */
    List<UsbDisconnectDriver> all();

    default Optional<UsbDisconnectDriver> byId(String id) {
        return all().stream().filter(d -> d.id().equals(id)).findFirst();
    }

    default List<String> ids() {
        return all().stream().map(UsbDisconnectDriver::id).toList();
    }

    /**
     * The drivers registered as OSGi services now (a bundle that brings a driver adds it by registering one). The
     * first call waits, up to a few seconds, for this bundle's own drivers to be registered.
     */
    static UsbDrivers installed() {
        return InstalledUsbDrivers.instance();
    }

    /** A fixed set, for code that chooses its drivers itself. */
    static UsbDrivers of(Collection<? extends UsbDisconnectDriver> drivers) {
        List<UsbDisconnectDriver> fixed = List.copyOf(drivers);
        return () -> fixed;
    }
}
