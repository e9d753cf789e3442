package org.wqlab.target.ssh.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.target.ssh.EquinoxSecretStore;

/**
 * After password, keyboard-interactive and passphrase logins the secrets appear nowhere in clear
 * (workspace, logs, secure storage), and the storage is protected by a generated per-user master password, not by a
 * constant.
 */
class SecretsTest {

    private static final Duration T = Duration.ofSeconds(60);

    @Test
    void secretsNeverAppearInClearAfterLogins() throws Exception {
        TestSshd.requireSshd();
        char[] password = TestUsers.password();
        String passphrase = "pass-" + random();
        List<Path> logs = new ArrayList<>();
        Client client;
        try (TestSshd sshd = TestSshd.start()) {
            logs.add(sshd.log);
            client = new Client().trusting(sshd);
            Path key = client.newKey("ed25519", passphrase);
            sshd.authorize(Path.of(key + ".pub"));
            client.secrets.put("pw board", SecretKind.PASSWORD, password.clone());
            client.secrets.put("key board", SecretKind.KEY_PASSPHRASE, passphrase.toCharArray());
            for (AuthMethod auth : List.of(AuthMethod.PASSWORD, AuthMethod.KEYBOARD_INTERACTIVE)) {
                try (BoardConnection board = client.connector.connect(
                        client.profile("pw board", sshd, TestUsers.DASH, auth, null), HostKeyPrompt.REFUSE)) {
                    assertEquals(0, board.run(Command.of("true"), T).exitCode());
                }
            }
            try (BoardConnection board = client.connector.connect(
                    client.profile("key board", sshd, TestUsers.ASH, AuthMethod.PUBLIC_KEY, key), HostKeyPrompt.REFUSE)) {
                assertEquals(0, board.run(Command.of("true"), T).exitCode());
            }
        }
        Path storage = client.secrets.storageFile();
        assertTrue(Files.size(storage) > 0, "nothing was written to " + storage);
        List<Path> scanned = new ArrayList<>();
        scanned.add(client.dir); // wqlab config folder: secure storage, master key file, known_hosts; the ~/.ssh copy
        scanned.addAll(logs);
        for (String area : List.of("osgi.instance.area", "osgi.configuration.area")) {
            String location = System.getProperty(area);
            if (location != null) {
                scanned.add(Path.of(URI.create(location.replace(" ", "%20"))));
            }
        }
        for (String secret : List.of(new String(password), passphrase)) {
            for (Path root : scanned) {
                assertSecretAbsent(root, secret);
            }
        }
        // the store still gives them back: they were stored, encrypted
        assertEquals(new String(password), new String(client.secrets.get("pw board", SecretKind.PASSWORD).orElseThrow()));
    }

    @Test
    void storageIsProtectedByAGeneratedPrivateMasterPassword() throws Exception {
        Path a = TestDirs.newDir("store-a");
        Path b = TestDirs.newDir("store-b");
        String secret = "s3cret-" + random();
        new EquinoxSecretStore(a).put("board", SecretKind.PASSWORD, secret.toCharArray());
        new EquinoxSecretStore(b).put("other", SecretKind.PASSWORD, "x".toCharArray());
        Path keyA = a.resolve("secure-storage.key");
        Path keyB = b.resolve("secure-storage.key");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keyA)));
        assertTrue(Files.readString(keyA).strip().length() >= 40, "master password too short");
        assertNotEquals(Files.readString(keyA), Files.readString(keyB), "master password is not per user/install");
        // the storage file alone (a backup, a copied workspace) does not decrypt with another master password
        Path thief = TestDirs.newDir("store-copy");
        Files.copy(a.resolve("secure_storage"), thief.resolve("secure_storage"));
        Files.copy(keyB, thief.resolve("secure-storage.key"));
        assertThrows(SecretStore.SecretStoreException.class,
                () -> new EquinoxSecretStore(thief).get("board", SecretKind.PASSWORD));
        // with its own master password it does
        Path owner = TestDirs.newDir("store-owner");
        Files.copy(a.resolve("secure_storage"), owner.resolve("secure_storage"));
        Files.copy(keyA, owner.resolve("secure-storage.key"));
        Files.setPosixFilePermissions(owner.resolve("secure-storage.key"), PosixFilePermissions.fromString("rw-------"));
        assertEquals(secret, new String(new EquinoxSecretStore(owner).get("board", SecretKind.PASSWORD).orElseThrow()));
        // a master password file others can read is refused, naming the file and the fix
        Files.setPosixFilePermissions(keyA, PosixFilePermissions.fromString("rw-r--r--"));
        Path loose = TestDirs.newDir("store-loose");
        Files.copy(keyA, loose.resolve("secure-storage.key"));
        Files.setPosixFilePermissions(loose.resolve("secure-storage.key"), PosixFilePermissions.fromString("rw-r--r--"));
        var e = assertThrows(SecretStore.SecretStoreException.class,
                () -> new EquinoxSecretStore(loose).get("board", SecretKind.PASSWORD));
        assertTrue(e.getMessage().contains("chmod 600 " + loose.resolve("secure-storage.key")), e.getMessage());
        assertFalse(e.getMessage().contains(secret));
    }

    private static void assertSecretAbsent(Path root, String secret) throws IOException {
        List<byte[]> forms = List.of(secret.getBytes(StandardCharsets.UTF_8), secret.getBytes(StandardCharsets.UTF_16LE),
                secret.getBytes(StandardCharsets.UTF_16BE),
                Base64.getEncoder().encode(secret.getBytes(StandardCharsets.UTF_8)));
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                byte[] content = Files.readAllBytes(file);
                for (byte[] form : forms) {
                    assertFalse(indexOf(content, form) >= 0, "a secret appears in clear in " + file);
                }
            }
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer: for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static String random() {
        byte[] bytes = new byte[12];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
