package org.wqlab.target.ssh;

import java.io.IOException;
import java.net.MalformedURLException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import javax.crypto.spec.PBEKeySpec;

import org.eclipse.equinox.security.storage.ISecurePreferences;
import org.eclipse.equinox.security.storage.SecurePreferencesFactory;
import org.eclipse.equinox.security.storage.StorageException;
import org.eclipse.equinox.security.storage.provider.IProviderHints;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;

/**
 * Board secrets in Eclipse Secure Storage: a storage file of wqlab's own, encrypted with a per-user generated master
 * password ({@link MasterPasswordFile}), never a constant compiled into wqlab. An OSGi service
 * (OSGI-INF/secret-store.xml).
 */
public final class EquinoxSecretStore implements SecretStore {

    static final String STORAGE_FILE = "secure_storage";
    static final String MASTER_PASSWORD_FILE = "secure-storage.key";
    private static final String ROOT = "org.wqlab.target/boards";

    private final Path folder;
    private ISecurePreferences root;

    /** For Declarative Services: the user's wqlab configuration folder. */
    public EquinoxSecretStore() {
        this(SshEnvironment.configDir());
    }

    public EquinoxSecretStore(Path folder) {
        this.folder = folder;
    }

    public Path storageFile() {
        return folder.resolve(STORAGE_FILE);
    }

    @Override
    public synchronized Optional<char[]> get(String boardName, SecretKind kind) throws SecretStoreException {
        try {
            ISecurePreferences node = board(boardName, false);
            if (node == null) {
                return Optional.empty();
            }
            String value = node.get(key(kind), null);
            return value == null ? Optional.empty() : Optional.of(value.toCharArray());
        } catch (StorageException e) {
            throw new SecretStoreException("cannot decrypt the " + kind + " of board '" + boardName + "' in "
                    + storageFile() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void put(String boardName, SecretKind kind, char[] secret) throws SecretStoreException {
        try {
            board(boardName, true).put(key(kind), new String(secret), true);
            root().flush();
        } catch (StorageException | IOException e) {
            throw new SecretStoreException("cannot store the " + kind + " of board '" + boardName + "' in "
                    + storageFile() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void remove(String boardName, SecretKind kind) throws SecretStoreException {
        try {
            ISecurePreferences node = board(boardName, false);
            if (node != null) {
                node.remove(key(kind));
                root().flush();
            }
        } catch (IOException e) {
            throw new SecretStoreException("cannot update " + storageFile() + ": " + e.getMessage(), e);
        }
    }

    private ISecurePreferences board(String boardName, boolean create) throws SecretStoreException {
        // node names cannot hold '/', so the board name is encoded
        String node = ROOT + "/" + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(boardName.getBytes(StandardCharsets.UTF_8));
        ISecurePreferences preferences = root();
        if (!create && !preferences.nodeExists(node)) {
            return null;
        }
        return preferences.node(node);
    }

    private static String key(SecretKind kind) {
        return kind.name().toLowerCase();
    }

    private ISecurePreferences root() throws SecretStoreException {
        if (root != null) {
            return root;
        }
        try {
            char[] master = MasterPasswordFile.readOrCreate(folder.resolve(MASTER_PASSWORD_FILE));
            Map<String, Object> options = new HashMap<>();
            options.put(IProviderHints.DEFAULT_PASSWORD, new PBEKeySpec(master));
            options.put(IProviderHints.PROMPT_USER, Boolean.FALSE);
            java.util.Arrays.fill(master, '\0');
            root = SecurePreferencesFactory.open(storageFile().toUri().toURL(), options);
            if (root == null) {
                throw new SecretStoreException("Eclipse secure storage could not open " + storageFile(), null);
            }
            return root;
        } catch (MalformedURLException e) {
            throw new SecretStoreException("bad secure storage location " + storageFile(), e);
        } catch (IOException e) {
            throw new SecretStoreException("secure storage master password: " + e.getMessage(), e);
        }
    }
}
