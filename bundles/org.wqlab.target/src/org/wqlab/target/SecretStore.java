package org.wqlab.target;

import java.util.Optional;

/** Passwords and passphrases, stored encrypted outside the board profiles. Callers should clear returned arrays. */
public interface SecretStore {

    Optional<char[]> get(String boardName, SecretKind kind) throws SecretStoreException;

    void put(String boardName, SecretKind kind, char[] secret) throws SecretStoreException;

    void remove(String boardName, SecretKind kind) throws SecretStoreException;

    /** A failure of the store itself (unreadable, wrong master password); never carries the secret. */
    final class SecretStoreException extends Exception {
        private static final long serialVersionUID = 1L;

        public SecretStoreException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
