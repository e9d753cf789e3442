package org.wqlab.live;

import java.util.Objects;

import org.wqlab.core.model.EventKind;

/** A marker in board time: a USB disconnect/connect, a module load/unload or a user mark. */
public record LiveEvent(long timeUs, EventKind kind, String label) {
    public LiveEvent {
        Objects.requireNonNull(kind);
        label = label == null ? "" : label;
    }
}
