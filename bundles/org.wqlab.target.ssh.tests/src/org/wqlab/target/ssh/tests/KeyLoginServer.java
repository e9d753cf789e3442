package org.wqlab.target.ssh.tests;

import java.nio.file.Path;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The set-up most SSH tests share, as a JUnit extension registered on a static field: before the class's first test,
 * the test users, a fresh OpenSSH sshd on loopback, a client that trusts its host key, and an unencrypted ed25519 key
 * the server accepts; after its last test the server stops.
 */
final class KeyLoginServer implements BeforeAllCallback, AfterAllCallback {
    private TestSshd sshd;
    private Client client;
    private Path key;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        TestSshd.requireSshd();
        TestUsers.password();
        sshd = TestSshd.start();
        client = new Client().trusting(sshd);
        key = client.newKey("ed25519", "");
        sshd.authorize(Path.of(key + ".pub"));
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (sshd != null) {
            sshd.close();
        }
    }

    TestSshd sshd() {
        return sshd;
    }

    Client client() {
        return client;
    }

    Path key() {
        return key;
    }
}
