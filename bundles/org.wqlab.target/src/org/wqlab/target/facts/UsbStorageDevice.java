package org.wqlab.target.facts;

import java.util.List;

/**
 * A USB mass-storage device seen in /sys/bus/usb/devices.
 *
 * @param busPort the sysfs device name, e.g. {@code 2-1}
 * @param vendorProduct {@code idVendor:idProduct}, e.g. {@code 0781:5583}
 * @param blockDevices kernel block device names, e.g. {@code sda}
 */
public record UsbStorageDevice(String busPort, String vendorProduct, String product, List<String> blockDevices) {
    public UsbStorageDevice {
        blockDevices = List.copyOf(blockDevices);
    }
}
