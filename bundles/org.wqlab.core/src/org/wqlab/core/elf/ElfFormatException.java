package org.wqlab.core.elf;

import java.io.IOException;

/** A file that is not a readable ELF object, or whose ELF structure is damaged. The message names the file. */
public final class ElfFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String source;

    public ElfFormatException(String source, String problem) {
        super(source + ": " + problem);
        this.source = source;
    }

    /** The file (or other source name) that could not be read. */
    public String source() {
        return source;
    }
}
