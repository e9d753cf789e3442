package org.wqlab.target.ssh;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.target.HostKeyFingerprint;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.HostKeyPrompt.UnknownHostKey;
import org.wqlab.target.TransportException;

import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.HostKeyRepository;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.UserInfo;

/**
 * One connection attempt's host-key decision. JSch runs with StrictHostKeyChecking=yes, so anything but OK here ends
 * the handshake; the reason is kept in {@link #rejection()} to become a typed, readable error.
 */
final class VerifyingHostKeyRepository implements HostKeyRepository {

    private final KnownHosts knownHosts;
    private final String boardName;
    private final int port;
    private final HostKeyPolicy policy;
    private final HostKeyPrompt prompt;
    private volatile TransportException rejection;

    VerifyingHostKeyRepository(KnownHosts knownHosts, String boardName, int port, HostKeyPolicy policy,
            HostKeyPrompt prompt) {
        this.knownHosts = knownHosts;
        this.boardName = boardName;
        this.port = port;
        this.policy = policy;
        this.prompt = prompt;
    }

    TransportException rejection() {
        return rejection;
    }

    @Override
    public int check(String host, byte[] key) {
        String type = Fingerprints.keyType(key);
        String fingerprint = HostKeyFingerprint.sha256(key);
        try {
            KnownHosts.Verdict verdict = knownHosts.check(host, key);
            if (verdict instanceof KnownHosts.Known) {
                return OK;
            }
            if (verdict instanceof KnownHosts.Revoked revoked) {
                rejection = new TransportException.HostKeyRevoked(boardName, host, type, fingerprint,
                        revoked.entry().file().toString(), revoked.entry().line());
                return CHANGED;
            }
            if (verdict instanceof KnownHosts.CertAuthority ca) {
                rejection = new TransportException.HostCertificatesUnsupported(boardName, host,
                        ca.entry().file().toString(), ca.entry().line());
                return NOT_INCLUDED;
            }
            if (verdict instanceof KnownHosts.Changed changed) {
                rejection = new TransportException.HostKeyChanged(boardName, host, type, fingerprint,
                        changed.entry().file().toString(), changed.entry().line());
                return CHANGED;
            }
            boolean accept = switch (policy) {
                case ACCEPT_NEW -> true;
                case ASK -> prompt.acceptUnknownKey(new UnknownHostKey(boardName, bareHost(host), port, type, fingerprint));
                case REFUSE_UNKNOWN -> false;
            };
            if (!accept) {
                rejection = new TransportException.HostKeyUnknown(boardName, host, type, fingerprint);
                return NOT_INCLUDED;
            }
            knownHosts.add(host, key);
            return OK;
        } catch (IOException | RuntimeException e) {
            rejection = new TransportException.RemoteIo(boardName,
                    "cannot verify the host key of " + host + " against " + knownHosts.wqlabFile() + ": " + e, e);
            return NOT_INCLUDED;
        }
    }

    private static String bareHost(String hostKeyName) {
        if (hostKeyName.startsWith("[")) {
            int end = hostKeyName.indexOf(']');
            return end > 0 ? hostKeyName.substring(1, end) : hostKeyName;
        }
        return hostKeyName;
    }

    @Override
    public void add(HostKey hostkey, UserInfo ui) {
        // keys are only recorded through check(), after the policy allowed it
    }

    @Override
    public void remove(String host, String type) {
    }

    @Override
    public void remove(String host, String type, byte[] key) {
    }

    @Override
    public String getKnownHostsRepositoryID() {
        return "wqlab known hosts";
    }

    @Override
    public HostKey[] getHostKey() {
        return new HostKey[0];
    }

    /** Lets JSch prefer the key types already recorded for the host, as OpenSSH does. */
    @Override
    public HostKey[] getHostKey(String host, String type) {
        List<HostKey> keys = new ArrayList<>();
        try {
            for (KnownHosts.Entry entry : knownHosts.entriesFor(host)) {
                if (type == null || type.equals(entry.keyType())) {
                    try {
                        keys.add(new HostKey(host, entry.key()));
                    } catch (JSchException unsupportedType) {
                        // a key type this JSch cannot use cannot be preferred
                    }
                }
            }
        } catch (IOException e) {
            return new HostKey[0];
        }
        return keys.toArray(HostKey[]::new);
    }
}
