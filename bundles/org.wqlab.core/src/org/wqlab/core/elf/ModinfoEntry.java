package org.wqlab.core.elf;

/** One {@code key=value} string from a module's {@code .modinfo} section, in file order. */
public record ModinfoEntry(String key, String value) {
}
