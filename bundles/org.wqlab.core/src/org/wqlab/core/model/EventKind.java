package org.wqlab.core.model;

/**
 * What a kernel-log event, or a marker on the live plot, stands for. The order is part of the cached sample file
 * format (LogContentCodec stores ordinals): add new kinds at the end.
 */
public enum EventKind {
    /** latency_mon: start cpu=.. period_ms=.. threshold_ms=.. report_all=.. */
    MODULE_START,
    /** latency_mon: stop */
    MODULE_STOP,
    /** usb DEV: USB disconnect, device number N */
    USB_DISCONNECT,
    /** usb DEV: new ... USB device number N ... */
    USB_CONNECT,
    /** workqueue: FUNC hogged CPU for >Nus N times ... */
    WORKQUEUE_HOG,
    /** BUG: workqueue lockup ... */
    WORKQUEUE_LOCKUP,
    /** a mark the user set on the live plot; never read from a kernel log */
    MARK,
    /** usb usbN: USB disconnect, device number 1 - a root hub, its host controller going away, not a device pull */
    USB_ROOT_HUB_DISCONNECT,
    /**
     * A new boot in a log that holds several (the kernel's banner, its clock going back, journalctl's
     * {@code -- Boot ID --}); field {@code boot} its number from 2, {@code by} how it was found. The only event
     * that may share its line with another result: when the clock went back on a sample's or event's line.
     */
    BOOT
}
