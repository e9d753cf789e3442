package org.wqlab.ui.boards;

/** One probed fact shown under its board: label and value. */
public record FactRow(String boardName, String label, String value) {
}
