package org.wqlab.ide.driver;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.Properties;

/** What the scenario found, as key = value lines for the test outside the IDE to check. */
final class Report {
    private final Properties values = new Properties();

    void put(String key, String value) {
        values.setProperty(key, value == null ? "" : value);
    }

    void put(String key, Collection<String> list) {
        put(key, String.join("|", list));
    }

    void failed(Throwable e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        put("error", trace.toString());
    }

    /** Written to a temporary file and moved: the test reads a whole report or none. */
    void write(Path file) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".part");
        try (Writer out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
            values.store(out, "wqlab in the IDE");
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
