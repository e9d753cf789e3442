package org.wqlab.target;

/** Asked when a board presents a host key that no known-hosts file holds (policy {@link HostKeyPolicy#ASK}). */
@FunctionalInterface
public interface HostKeyPrompt {

    /** The headless answer: never trust an unknown key. */
    HostKeyPrompt REFUSE = key -> false;

    /** @return true to trust the key and record it in wqlab's known-hosts file */
    boolean acceptUnknownKey(UnknownHostKey key);

    /**
     * @param fingerprint as OpenSSH prints it: {@code SHA256:} and unpadded base64 of the key blob's SHA-256
     */
    record UnknownHostKey(String boardName, String host, int port, String keyType, String fingerprint) {
    }
}
