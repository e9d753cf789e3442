package org.wqlab.target;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** Host key fingerprints as OpenSSH shows them. */
public final class HostKeyFingerprint {

    private HostKeyFingerprint() {
    }

    /** {@code SHA256:} + base64 without padding of the SHA-256 of the key blob, like {@code ssh-keygen -lf}. */
    public static String sha256(byte[] keyBlob) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(keyBlob);
            return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
