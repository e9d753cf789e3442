package org.wqlab.target.ssh.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.SecretKind;
import org.wqlab.target.ssh.EquinoxSecretStore;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;

/** The client side of a test: its own ~/.ssh-like folder, wqlab config folder, secure storage and connector. */
final class Client {

    final Path dir;
    final Path userKnownHosts;
    final Path sshConfig;
    final SshEnvironment environment;
    final EquinoxSecretStore secrets;
    final JschBoardConnector connector;

    Client() throws IOException {
        dir = TestDirs.newDir("client");
        userKnownHosts = dir.resolve("dot-ssh/known_hosts");
        sshConfig = dir.resolve("dot-ssh/config");
        Files.createDirectories(userKnownHosts.getParent());
        environment = new SshEnvironment(sshConfig, List.of(userKnownHosts), dir.resolve("wqlab/known_hosts"),
                List.of(), null);
        secrets = new EquinoxSecretStore(dir.resolve("wqlab"));
        connector = new JschBoardConnector(environment, secrets);
    }

    Client trusting(TestSshd sshd) throws IOException {
        Files.writeString(userKnownHosts, sshd.hostKeyLine() + "\n", java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
        return this;
    }

    /** A new key pair made by OpenSSH's ssh-keygen (OpenSSH private key format). */
    Path newKey(String type, String passphrase) throws IOException, InterruptedException {
        Path key = dir.resolve("dot-ssh/id_" + type + "_" + System.nanoTime());
        List<String> argv = new java.util.ArrayList<>(List.of("ssh-keygen", "-q", "-t", type, "-N", passphrase,
                "-C", "wqlab-test", "-f", key.toString()));
        if (type.equals("rsa")) {
            argv.addAll(List.of("-b", "3072"));
        }
        Tools.run(argv);
        return key;
    }

    BoardProfile profile(String name, TestSshd sshd, String user, AuthMethod auth, Path key) {
        return new BoardProfile(name, "127.0.0.1", sshd.port, user, auth, key, null, HostKeyPolicy.REFUSE_UNKNOWN,
                null, null);
    }

    void storePassword(String board, char[] password) throws Exception {
        secrets.put(board, SecretKind.PASSWORD, password);
    }
}
