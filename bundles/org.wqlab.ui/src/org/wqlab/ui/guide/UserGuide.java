package org.wqlab.ui.guide;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** The user guide's text (docs/user-guide.md, copied into the bundle by its build). */
public final class UserGuide {
    static final String RESOURCE = "/guide/user-guide.md";

    private UserGuide() {
    }

    public static String text() throws IOException {
        try (InputStream in = UserGuide.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("the user guide " + RESOURCE + " is missing from bundle org.wqlab.ui");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
