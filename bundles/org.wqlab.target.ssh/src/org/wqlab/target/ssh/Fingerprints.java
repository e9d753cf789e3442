package org.wqlab.target.ssh;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** Host key fingerprints and key types, as OpenSSH shows them. */
final class Fingerprints {

    private Fingerprints() {
    }

    /** {@code SHA256:} + base64 without padding of the SHA-256 of the key blob, like {@code ssh-keygen -lf}. */
    static String sha256(byte[] keyBlob) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(keyBlob);
            return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The key type name at the start of an SSH public key blob, e.g. {@code ssh-ed25519}. */
    static String keyType(byte[] keyBlob) {
        if (keyBlob.length < 4) {
            return "unknown";
        }
        int length = ByteBuffer.wrap(keyBlob).getInt();
        if (length <= 0 || length > keyBlob.length - 4) {
            return "unknown";
        }
        return new String(keyBlob, 4, length, StandardCharsets.US_ASCII);
    }
}
