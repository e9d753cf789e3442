package org.wqlab.target.ssh;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Vector;

import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardConnector;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.target.TransportException;

import com.jcraft.jsch.AgentIdentityRepository;
import com.jcraft.jsch.Identity;
import com.jcraft.jsch.IdentityRepository;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.KeyPair;
import com.jcraft.jsch.SSHAgentConnector;
import com.jcraft.jsch.Session;
import com.jcraft.jsch.UIKeyboardInteractive;
import com.jcraft.jsch.UnixDomainSocketFactory;
import com.jcraft.jsch.UserInfo;

/** The JSch implementation of {@link BoardConnector}; an OSGi service (OSGI-INF/board-connector.xml). */
public final class JschBoardConnector implements BoardConnector {

    private static final int MAX_JUMPS = 4;

    private SshEnvironment environment;
    private SecretStore secrets;

    /** For Declarative Services: the real user's files, secrets bound by {@link #setSecretStore}. */
    public JschBoardConnector() {
        this(SshEnvironment.defaults(), null);
    }

    public JschBoardConnector(SshEnvironment environment, SecretStore secrets) {
        this.environment = environment;
        this.secrets = secrets;
    }

    public void setSecretStore(SecretStore store) {
        this.secrets = store;
    }

    public SshEnvironment environment() {
        return environment;
    }

    @Override
    public BoardConnection connect(BoardProfile profile, HostKeyPrompt prompt) throws TransportException {
        SshTarget target = resolve(profile, profile.host(), profile.port(), profile.user(), profile.keyFile(),
                profile.jumpHost());
        return new JschBoardConnection(profile, openSession(profile, prompt), target,
                () -> openSession(profile, prompt));
    }

    private Session openSession(BoardProfile profile, HostKeyPrompt prompt) throws TransportException {
        KnownHosts knownHosts = new KnownHosts(environment.userKnownHosts(), environment.wqlabKnownHosts());
        SshTarget target = resolve(profile, profile.host(), profile.port(), profile.user(), profile.keyFile(),
                profile.jumpHost());
        Session jump = target.proxyJump() == null ? null
                : openJump(profile, target.proxyJump(), knownHosts, prompt, 1);
        try {
            return open(profile, target, knownHosts, prompt, jump, profile.name());
        } catch (TransportException e) {
            if (jump != null) {
                jump.disconnect();
            }
            throw e;
        }
    }

    private Session openJump(BoardProfile profile, String spec, KnownHosts knownHosts, HostKeyPrompt prompt, int depth)
            throws TransportException {
        if (depth > MAX_JUMPS) {
            throw new TransportException.Unreachable(profile.name(), spec, "more than " + MAX_JUMPS + " jump hosts", null);
        }
        String[] parts = SshTarget.parseJump(spec);
        int port;
        try {
            port = Integer.parseInt(parts[2]);
        } catch (NumberFormatException e) {
            throw new TransportException.Unreachable(profile.name(), spec, "bad port in jump host '" + spec + "'", e);
        }
        // the jump host authenticates with keys/agent from ~/.ssh/config; the board's own key file is also offered
        SshTarget target = resolve(profile, parts[1], port, parts[0], profile.keyFile(), parts[3]);
        Session next = target.proxyJump() == null ? null
                : openJump(profile, target.proxyJump(), knownHosts, prompt, depth + 1);
        BoardProfile jumpProfile = profile.withAuth(AuthMethod.AUTO, profile.keyFile());
        return open(jumpProfile, target, knownHosts, prompt, next,
                profile.name() + "' via jump host '" + target.hostPort());
    }

    private SshTarget resolve(BoardProfile profile, String host, int port, String user, Path keyFile, String jump)
            throws TransportException {
        try {
            return SshTarget.resolve(environment.sshConfig(), host, port, user, keyFile, jump);
        } catch (IOException e) {
            throw new TransportException.RemoteIo(profile.name(),
                    "cannot read " + environment.sshConfig() + ": " + e.getMessage(), e);
        }
    }

    private Session open(BoardProfile profile, SshTarget target, KnownHosts knownHosts, HostKeyPrompt prompt,
            Session jump, String label) throws TransportException {
        JSch jsch = new JSch();
        VerifyingHostKeyRepository hostKeys = new VerifyingHostKeyRepository(knownHosts, label, target.port(),
                profile.hostKeyPolicy(), prompt);
        char[] password = null;
        byte[] passwordBytes = null;
        try {
            AuthMethod auth = profile.auth();
            List<String> methods = new ArrayList<>();
            if (auth == AuthMethod.AUTO || auth == AuthMethod.PUBLIC_KEY || auth == AuthMethod.AGENT) {
                configureIdentities(jsch, profile, target, auth, label);
                methods.add("publickey");
            }
            if (auth == AuthMethod.AUTO || auth == AuthMethod.PASSWORD || auth == AuthMethod.KEYBOARD_INTERACTIVE) {
                password = secret(profile.name(), SecretKind.PASSWORD).orElse(null);
                if (password == null && auth != AuthMethod.AUTO) {
                    throw new TransportException.AuthFailed(label, target.user(),
                            "no password is stored for this board in secure storage", null);
                }
                if (password != null) {
                    if (auth != AuthMethod.PASSWORD) {
                        methods.add("keyboard-interactive");
                    }
                    if (auth != AuthMethod.KEYBOARD_INTERACTIVE) {
                        methods.add("password");
                    }
                }
            }
            Session session = jsch.getSession(target.user(), target.hostName(), target.port());
            session.setHostKeyRepository(hostKeys);
            session.setLogger(new SessionEndLogger());
            session.setConfig("StrictHostKeyChecking", "yes");
            session.setConfig("HashKnownHosts", "no");
            session.setConfig("PreferredAuthentications", String.join(",", methods));
            session.setServerAliveInterval((int) profile.keepAliveInterval().toMillis());
            session.setServerAliveCountMax(3);
            if (password != null) {
                passwordBytes = toUtf8(password);
                session.setPassword(passwordBytes);
                session.setUserInfo(new PasswordAnswers(password));
            }
            if (jump != null) {
                session.setProxy(new JumpProxy(jump));
            }
            session.connect((int) profile.connectTimeout().toMillis());
            return session;
        } catch (JSchException e) {
            throw translate(e, label, target, hostKeys);
        } finally {
            if (password != null) {
                Arrays.fill(password, '\0');
            }
            if (passwordBytes != null) {
                Arrays.fill(passwordBytes, (byte) 0);
            }
        }
    }

    private void configureIdentities(JSch jsch, BoardProfile profile, SshTarget target, AuthMethod auth, String label)
            throws TransportException, JSchException {
        IdentityRepository agent = agentIdentities();
        if (auth == AuthMethod.AGENT) {
            if (agent == null) {
                throw new TransportException.AuthFailed(label, target.user(),
                        "no SSH agent is running (SSH_AUTH_SOCK is not set or not reachable)", null);
            }
            jsch.setIdentityRepository(agent);
            return;
        }
        List<Path> keys = new ArrayList<>(target.identityFiles());
        if (auth == AuthMethod.AUTO && keys.isEmpty()) {
            keys.addAll(environment.defaultIdentities());
        }
        if (auth == AuthMethod.PUBLIC_KEY && keys.isEmpty()) {
            throw new TransportException.AuthFailed(label, target.user(), "no key file is set for this board", null);
        }
        for (Path key : keys) {
            if (!Files.isRegularFile(key)) {
                if (auth == AuthMethod.PUBLIC_KEY && key.equals(profile.keyFile())) {
                    throw new TransportException.AuthFailed(label, target.user(), "key file " + key + " does not exist",
                            null);
                }
                continue;
            }
            addKey(jsch, profile, target, key, label);
        }
        if (agent != null && auth == AuthMethod.AUTO) {
            jsch.setIdentityRepository(new CombinedIdentities(agent, jsch.getIdentityRepository()));
        }
    }

    private void addKey(JSch jsch, BoardProfile profile, SshTarget target, Path key, String label)
            throws TransportException, JSchException {
        KeyPair pair;
        try {
            pair = KeyPair.load(jsch, key.toString());
        } catch (JSchException e) {
            throw new TransportException.AuthFailed(label, target.user(),
                    "cannot read key file " + key + ": " + e.getMessage(), e);
        }
        boolean encrypted = pair.isEncrypted();
        pair.dispose();
        if (!encrypted) {
            jsch.addIdentity(key.toString());
            return;
        }
        Optional<char[]> passphrase = secret(profile.name(), SecretKind.KEY_PASSPHRASE);
        if (passphrase.isEmpty()) {
            if (key.equals(profile.keyFile())) {
                throw new TransportException.AuthFailed(label, target.user(),
                        "key file " + key + " is encrypted and no passphrase is stored for this board", null);
            }
            return; // a config/default key we cannot open: other methods may still work
        }
        byte[] bytes = toUtf8(passphrase.get());
        Arrays.fill(passphrase.get(), '\0');
        try {
            jsch.addIdentity(key.toString(), bytes);
        } catch (JSchException e) {
            throw new TransportException.AuthFailed(label, target.user(),
                    "the stored passphrase does not open key file " + key, null);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    private IdentityRepository agentIdentities() {
        if (environment.agentSocket() == null) {
            return null;
        }
        try {
            AgentIdentityRepository repository = new AgentIdentityRepository(
                    new SSHAgentConnector(new UnixDomainSocketFactory(), environment.agentSocket()));
            return repository.getStatus() == IdentityRepository.RUNNING ? repository : null;
        } catch (Exception | LinkageError e) {
            return null;
        }
    }

    private Optional<char[]> secret(String board, SecretKind kind) throws TransportException {
        if (secrets == null) {
            return Optional.empty();
        }
        try {
            return secrets.get(board, kind);
        } catch (SecretStore.SecretStoreException e) {
            throw new TransportException.RemoteIo(board, "cannot read secure storage: " + e.getMessage(), e);
        }
    }

    private static TransportException translate(JSchException e, String label, SshTarget target,
            VerifyingHostKeyRepository hostKeys) {
        if (hostKeys.rejection() != null) {
            return hostKeys.rejection();
        }
        Throwable cause = e.getCause();
        String message = String.valueOf(e.getMessage());
        if (cause instanceof ConnectException) {
            return new TransportException.Refused(label, target.hostPort(), e);
        }
        if (cause instanceof UnknownHostException) {
            return new TransportException.Unreachable(label, target.hostPort(), "unknown host name", e);
        }
        if (cause instanceof NoRouteToHostException) {
            return new TransportException.Unreachable(label, target.hostPort(), "no route to host", e);
        }
        if (cause instanceof SocketTimeoutException || message.startsWith("timeout")) {
            return new TransportException.TimedOut(label, "connecting to " + target.hostPort(), e);
        }
        if (message.contains("Auth fail") || message.contains("Auth cancel") || message.contains("USERAUTH fail")
                || message.contains("Too many authentication failures")) {
            return new TransportException.AuthFailed(label, target.user(), "the board rejected every offered method ("
                    + message + ")", e);
        }
        if (message.contains("Connection reset") || message.contains("connection is closed by foreign host")
                || message.contains("End of IO Stream")) {
            return new TransportException.Dropped(label, "during login to " + target.hostPort() + " (" + message + ")",
                    e);
        }
        return new TransportException.Unreachable(label, target.hostPort(), message, e);
    }

    private static byte[] toUtf8(char[] chars) {
        var buffer = StandardCharsets.UTF_8.encode(java.nio.CharBuffer.wrap(chars));
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        if (buffer.hasArray()) {
            Arrays.fill(buffer.array(), (byte) 0);
        }
        return bytes;
    }

    /** Answers password and keyboard-interactive prompts with the stored password; never prompts anything else. */
    private static final class PasswordAnswers implements UserInfo, UIKeyboardInteractive {
        private final char[] password;
        // the stored password is offered once per method: a wrong one must fail, not be retried until lockout
        private boolean passwordOffered;
        private boolean keyboardOffered;

        PasswordAnswers(char[] password) {
            this.password = password;
        }

        @Override
        public String[] promptKeyboardInteractive(String destination, String name, String instruction,
                String[] prompts, boolean[] echo) {
            if (keyboardOffered) {
                return null;
            }
            keyboardOffered = true;
            String[] answers = new String[prompts.length];
            for (int i = 0; i < prompts.length; i++) {
                if (echo[i] || !prompts[i].toLowerCase().contains("password")) {
                    return null; // a question wqlab cannot answer: cancel rather than guess
                }
                answers[i] = new String(password);
            }
            return answers;
        }

        @Override
        public String getPassphrase() {
            return null;
        }

        @Override
        public String getPassword() {
            return new String(password);
        }

        @Override
        public boolean promptPassword(String message) {
            if (passwordOffered) {
                return false;
            }
            passwordOffered = true;
            return true;
        }

        @Override
        public boolean promptPassphrase(String message) {
            return false;
        }

        @Override
        public boolean promptYesNo(String message) {
            return false; // host keys are decided by VerifyingHostKeyRepository, never here
        }

        @Override
        public void showMessage(String message) {
        }
    }

    /** Agent keys first, then key files, like OpenSSH. */
    private record CombinedIdentities(IdentityRepository first, IdentityRepository second)
            implements IdentityRepository {
        @Override
        public String getName() {
            return "agent and key files";
        }

        @Override
        public int getStatus() {
            return RUNNING;
        }

        @Override
        public Vector<Identity> getIdentities() {
            Vector<Identity> all = new Vector<>(first.getIdentities());
            all.addAll(second.getIdentities());
            return all;
        }

        @Override
        public boolean add(byte[] identity) {
            return second.add(identity);
        }

        @Override
        public boolean remove(byte[] blob) {
            return second.remove(blob);
        }

        @Override
        public void removeAll() {
            second.removeAll();
        }
    }
}
