package org.wqlab.klog;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The SHA-256 of the classes that decide what a log is parsed into, kept in every sample cache: a parser that reads
 * the same log differently (a new event, a fixed report form) no longer matches, so no cache of the old parse is
 * used, without anyone remembering to bump a version.
 */
final class ParserFingerprint {

    /** The fingerprint, or "" when the class files cannot be read (then no cache is used or written). */
    static final String VALUE = compute();

    private ParserFingerprint() {
    }

    private static String compute() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Class<?> c : List.of(KlogParser.class, LogContentSink.class, PoolDump.class,
                    KlogFiles.class)) {
                try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
                    if (in == null) {
                        return "";
                    }
                    digest.update(in.readAllBytes());
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            return "";
        }
    }
}
