package org.wqlab.ui.boards;

/** A board in the tree, by name; its data is read from the registry when shown, so it never goes stale. */
public record BoardRow(String name) {
}
