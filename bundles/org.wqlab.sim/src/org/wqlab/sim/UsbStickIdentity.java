package org.wqlab.sim;

/** The simulated stick's USB descriptor strings, as its sysfs files show them (a common USB 2.0 stick). */
final class UsbStickIdentity {

    static final String VENDOR_ID = "0781";
    static final String PRODUCT_ID = "5567";
    static final String MANUFACTURER = "SanDisk";
    static final String PRODUCT = "Cruzer Blade";
    static final String SERIAL = "4C530001230805117083";

    private UsbStickIdentity() {
    }
}
