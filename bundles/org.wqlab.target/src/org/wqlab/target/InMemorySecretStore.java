package org.wqlab.target;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Secrets kept only in this process's memory, for boards whose secret lives no longer than the process: the
 * simulated board started for one run, whose password it prints itself. Never written anywhere.
 */
public final class InMemorySecretStore implements SecretStore {
    private final Map<String, char[]> secrets = new ConcurrentHashMap<>();
    private char[] defaultPassword;

    /** A store that answers {@code password} for every board's password. */
    public static InMemorySecretStore withPassword(String password) {
        InMemorySecretStore store = new InMemorySecretStore();
        store.defaultPassword = password.toCharArray();
        return store;
    }

    @Override
    public Optional<char[]> get(String boardName, SecretKind kind) {
        char[] secret = secrets.get(key(boardName, kind));
        if (secret == null && kind == SecretKind.PASSWORD) {
            secret = defaultPassword;
        }
        return Optional.ofNullable(secret).map(char[]::clone);
    }

    @Override
    public void put(String boardName, SecretKind kind, char[] secret) {
        secrets.put(key(boardName, kind), secret.clone());
    }

    @Override
    public void remove(String boardName, SecretKind kind) {
        secrets.remove(key(boardName, kind));
    }

    private static String key(String boardName, SecretKind kind) {
        return kind + "\u0000" + boardName;
    }
}
