package org.wqlab.sim.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.config.keys.AuthorizedKeysAuthenticator;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;
import org.wqlab.sim.Board;

/**
 * The simulated board's SSH server (Apache MINA SSHD) on 127.0.0.1 only: password and public-key login as root,
 * exec and shell channels running the board's shell, SFTP into the board's filesystem. The host key, the authorized
 * keys and the uploaded files live in the state folder, so the board keeps its identity across runs; the password is
 * new at each start and never written to a file.
 */
public final class SimSshServer implements AutoCloseable {

    public static final String HOST = "127.0.0.1";
    public static final String USER = "root";

    /** What a client needs to log in. */
    public record Login(String host, int port, String user, String password, String hostKeyFingerprint) {
    }

    private final SshServer server;
    private final Login login;
    private final String publicHostKey;

    private SimSshServer(SshServer server, Login login, String publicHostKey) {
        this.server = server;
        this.login = login;
        this.publicHostKey = publicHostKey;
    }

    /**
     * Starts the server. {@code port} 0 picks a free port. {@code publicKeyFiles} (OpenSSH {@code .pub} files) are
     * accepted for root in addition to those already in {@code <state>/authorized_keys}.
     */
    public static SimSshServer start(Board board, Path stateDir, int port, Collection<Path> publicKeyFiles)
            throws IOException {
        Files.createDirectories(stateDir);
        Path fsRoot = Files.createDirectories(stateDir.resolve("fs"));
        Files.createDirectories(fsRoot.resolve("root"));
        Files.createDirectories(fsRoot.resolve("tmp"));
        board.mountDirectory(fsRoot);
        String password = password(stateDir.resolve("password"));
        Path authorizedKeys = stateDir.resolve("authorized_keys");
        List<String> keys = new ArrayList<>(Files.exists(authorizedKeys) ? Files.readAllLines(authorizedKeys)
                : List.of());
        for (Path pub : publicKeyFiles) {
            for (String line : Files.readAllLines(pub)) {
                if (!line.isBlank() && !keys.contains(line.strip())) {
                    keys.add(line.strip());
                }
            }
        }
        Files.write(authorizedKeys, keys, StandardCharsets.UTF_8);

        SimpleGeneratorHostKeyProvider hostKeys = new SimpleGeneratorHostKeyProvider(stateDir.resolve("host_key"));
        hostKeys.setAlgorithm(KeyUtils.EC_ALGORITHM);
        hostKeys.setKeySize(256);

        SshServer sshd = SshServer.setUpDefaultServer();
        sshd.setHost(HOST);
        sshd.setPort(port);
        sshd.setKeyPairProvider(hostKeys);
        sshd.setPasswordAuthenticator((user, pw, session) -> USER.equals(user) && password.equals(pw));
        AuthorizedKeysAuthenticator keyAuth = new AuthorizedKeysAuthenticator(authorizedKeys);
        sshd.setPublickeyAuthenticator((user, key, session) -> USER.equals(user)
                && keyAuth.authenticate(user, key, session));
        sshd.setCommandFactory((channel, command) -> new ExecCommand(board, command));
        sshd.setShellFactory(channel -> new InteractiveShell(board));
        VirtualFileSystemFactory fs = new VirtualFileSystemFactory(fsRoot);
        sshd.setFileSystemFactory(fs);
        sshd.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        sshd.start();

        String fingerprint = "";
        String publicHostKey = "";
        for (KeyPair kp : hostKeys.loadKeys(null)) {
            fingerprint = KeyUtils.getFingerPrint(kp.getPublic());
            publicHostKey = PublicKeyEntry.toString(kp.getPublic());
        }
        if (publicHostKey.isEmpty()) {
            sshd.stop(true);
            throw new IOException("the simulator has no host key in " + stateDir.resolve("host_key"));
        }
        return new SimSshServer(sshd, new Login(HOST, sshd.getPort(), USER, password, fingerprint), publicHostKey);
    }

    /**
     * A new password for each start, kept in memory only (callers that need it again keep it in their secret store);
     * a {@code password} file an older version left in the state folder is deleted, it held the password in plain.
     */
    private static String password(Path leftoverFile) throws IOException {
        Files.deleteIfExists(leftoverFile);
        String alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        SecureRandom random = new SecureRandom();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    public Login login() {
        return login;
    }

    /** The server's public host key as a known_hosts line holds it: {@code type base64}. */
    public String publicHostKey() {
        return publicHostKey;
    }

    @Override
    public void close() throws IOException {
        server.stop(true);
    }
}
