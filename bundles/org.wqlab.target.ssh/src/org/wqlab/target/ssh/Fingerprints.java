package org.wqlab.target.ssh;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Host key types, as OpenSSH shows them (fingerprints: {@link org.wqlab.target.HostKeyFingerprint}). */
final class Fingerprints {

    private Fingerprints() {
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
