package org.wqlab.live;

/** What a vertical marker on the live plot stands for. */
public enum LiveEventKind {
    USB_DISCONNECT, USB_CONNECT, MODULE_LOAD, MODULE_UNLOAD, MARK
}
