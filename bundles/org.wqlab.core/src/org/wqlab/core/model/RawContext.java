package org.wqlab.core.model;

/** Any other line: kernel messages wqlab does not interpret, shell prompts, command output, kmsg continuations. */
public record RawContext(long line, String text) implements LogEntry {
}
