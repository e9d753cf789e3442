package org.wqlab.live;

import java.util.Optional;
import java.util.OptionalLong;

import org.wqlab.core.model.Event;

/** Which parsed kernel events the plots draw as markers, and with what label. */
final class LiveEvents {
    private LiveEvents() {
    }

    /** The marker for {@code event} at board time {@code timeUs}, or empty for events not drawn. */
    static Optional<LiveEvent> of(Event event, long timeUs) {
        return Optional.ofNullable(switch (event.kind()) {
            case USB_DISCONNECT -> new LiveEvent(timeUs, LiveEventKind.USB_DISCONNECT,
                    "USB disconnect " + event.subject());
            case USB_CONNECT -> new LiveEvent(timeUs, LiveEventKind.USB_CONNECT, "USB connect " + event.subject());
            case MODULE_START -> new LiveEvent(timeUs, LiveEventKind.MODULE_LOAD, "latency_mon load");
            case MODULE_STOP -> new LiveEvent(timeUs, LiveEventKind.MODULE_UNLOAD, "latency_mon unload");
            default -> null;
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
