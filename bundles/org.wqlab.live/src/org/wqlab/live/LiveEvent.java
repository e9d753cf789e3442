package org.wqlab.live;

import java.util.Objects;

/** A marker in board time: a USB disconnect/connect, a module load/unload or a user mark. */
public record LiveEvent(long timeUs, LiveEventKind kind, String label) {
    public LiveEvent {
        Objects.requireNonNull(kind);
        label = label == null ? "" : label;
    }
}
