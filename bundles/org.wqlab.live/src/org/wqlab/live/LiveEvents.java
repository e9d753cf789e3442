package org.wqlab.live;

import java.util.Optional;
import java.util.OptionalLong;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;

/** Which parsed kernel events the plots draw as markers, and with what label. */
final class LiveEvents {
    private LiveEvents() {
    }

    /** The marker for {@code event} at board time {@code timeUs}, or empty for events not drawn. */
    static Optional<LiveEvent> of(Event event, long timeUs) {
        return Optional.ofNullable(switch (event.kind()) {
            case USB_DISCONNECT -> new LiveEvent(timeUs, EventKind.USB_DISCONNECT,
                    "USB disconnect " + event.subject());
            case USB_CONNECT -> new LiveEvent(timeUs, EventKind.USB_CONNECT, "USB connect " + event.subject());
            case MODULE_START -> new LiveEvent(timeUs, EventKind.MODULE_START, "latency_mon load");
            case MODULE_STOP -> new LiveEvent(timeUs, EventKind.MODULE_STOP, "latency_mon unload");
            case MARK -> new LiveEvent(timeUs, EventKind.MARK, event.subject());
            case WORKQUEUE_HOG -> new LiveEvent(timeUs, EventKind.WORKQUEUE_HOG, "hogged CPU: " + event.subject());
            case WORKQUEUE_LOCKUP -> new LiveEvent(timeUs, EventKind.WORKQUEUE_LOCKUP, "workqueue lockup");
            case USB_ROOT_HUB_DISCONNECT -> new LiveEvent(timeUs, EventKind.USB_ROOT_HUB_DISCONNECT,
                    "root hub gone " + event.subject());
            case BOOT -> new LiveEvent(timeUs, EventKind.BOOT, "boot " + event.field("boot"));
        });
    }

    /** A start line's {@code threshold_ms}, in microseconds. */
    static OptionalLong thresholdUs(Event start) {
        String thr = start.field("threshold_ms");
        if (thr != null && !thr.isEmpty() && thr.chars().allMatch(Character::isDigit) && thr.length() < 12) {
            return OptionalLong.of(Long.parseLong(thr) * 1000);
        }
        return OptionalLong.empty();
    }
}
