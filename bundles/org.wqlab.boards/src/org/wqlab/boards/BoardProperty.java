package org.wqlab.boards;

import java.util.Objects;

/** A row a board kind adds to the board's Properties ("VM": "running: pid 4242, ssh 127.0.0.1:40222, ..."). */
public record BoardProperty(String name, String value) {
    public BoardProperty {
        Objects.requireNonNull(name, "name");
        value = value == null ? "" : value;
    }
}
