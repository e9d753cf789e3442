package org.wqlab.core.model;

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
    WORKQUEUE_LOCKUP
}
