package org.wqlab.boards;

/** A board a {@link BoardSource} lists, with the source's id and name. */
public record SourcedBoard(String sourceId, String sourceName, BoardEntry entry) {
}
