package org.wqlab.target.ssh.tests;

import java.nio.file.Path;

/**
 * The set-up most SSH tests share: the test users, a fresh OpenSSH sshd on loopback, a client that trusts its host
 * key, and an unencrypted ed25519 key the server accepts.
 */
record KeyLoginServer(TestSshd sshd, Client client, Path key) implements AutoCloseable {

    static KeyLoginServer start() throws Exception {
        TestSshd.requireSshd();
        TestUsers.password();
        TestSshd sshd = TestSshd.start();
        Client client = new Client().trusting(sshd);
        Path key = client.newKey("ed25519", "");
        sshd.authorize(Path.of(key + ".pub"));
        return new KeyLoginServer(sshd, client, key);
    }

    @Override
    public void close() throws Exception {
        sshd.close();
    }
}
