package org.wqlab.target.ssh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * OpenSSH known_hosts files (plain and hashed host names, wildcards, negation), read with their line numbers so a
 * changed key can be reported as "file F line N". {@code @revoked} lines refuse their key for the hosts they name;
 * {@code @cert-authority} lines are recognised but host certificates are not verified. The last file is wqlab's own, where accepted keys are appended.
 */
final class KnownHosts {

    enum Marker {
        NONE, REVOKED, CERT_AUTHORITY
    }

    record Entry(Path file, int line, Marker marker, String keyType, byte[] key) {
    }

    sealed interface Verdict permits Known, Changed, Revoked, CertAuthority, Unknown {
    }

    record Revoked(Entry entry) implements Verdict {
    }

    /** No plain line vouches for the key, but a {@code @cert-authority} line names the host. */
    record CertAuthority(Entry entry) implements Verdict {
    }

    record Known(Entry entry) implements Verdict {
    }

    record Changed(Entry entry) implements Verdict {
    }

    record Unknown() implements Verdict {
    }

    private final List<Path> files;
    private final Path writable;

    KnownHosts(List<Path> readOnlyFiles, Path wqlabFile) {
        List<Path> all = new ArrayList<>(readOnlyFiles);
        all.add(wqlabFile);
        this.files = List.copyOf(all);
        this.writable = wqlabFile;
    }

    Path wqlabFile() {
        return writable;
    }

    /** @param hostKeyName {@code host} for port 22, else {@code [host]:port}, as OpenSSH writes it */
    Verdict check(String hostKeyName, byte[] key) throws IOException {
        String type = Fingerprints.keyType(key);
        List<Entry> entries = allEntriesFor(hostKeyName);
        for (Entry entry : entries) {
            if (entry.marker() == Marker.REVOKED && Arrays.equals(entry.key(), key)) {
                return new Revoked(entry);
            }
        }
        Entry sameTypeDifferentKey = null;
        Entry certAuthority = null;
        for (Entry entry : entries) {
            if (entry.marker() == Marker.CERT_AUTHORITY && certAuthority == null) {
                certAuthority = entry;
            }
            if (entry.marker() != Marker.NONE || !entry.keyType().equals(type)) {
                continue;
            }
            if (Arrays.equals(entry.key(), key)) {
                return new Known(entry);
            }
            if (sameTypeDifferentKey == null) {
                sameTypeDifferentKey = entry;
            }
        }
        if (sameTypeDifferentKey != null) {
            return new Changed(sameTypeDifferentKey);
        }
        return certAuthority != null ? new CertAuthority(certAuthority) : new Unknown();
    }

    /** The plain (unmarked) lines for the host: the keys it may present. */
    List<Entry> entriesFor(String hostKeyName) throws IOException {
        return allEntriesFor(hostKeyName).stream().filter(e -> e.marker() == Marker.NONE).toList();
    }

    private List<Entry> allEntriesFor(String hostKeyName) throws IOException {
        List<Entry> matches = new ArrayList<>();
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                Marker marker = Marker.NONE;
                if (line.startsWith("@")) {
                    String[] split = line.split("\\s+", 2);
                    marker = switch (split[0]) {
                        case "@revoked" -> Marker.REVOKED;
                        case "@cert-authority" -> Marker.CERT_AUTHORITY;
                        default -> null; // OpenSSH ignores a line with a marker it does not know
                    };
                    if (marker == null || split.length < 2) {
                        continue;
                    }
                    line = split[1];
                }
                String[] fields = line.split("\\s+");
                if (fields.length < 3 || !hostsMatch(fields[0], hostKeyName)) {
                    continue;
                }
                try {
                    matches.add(new Entry(file, i + 1, marker, fields[1], Base64.getDecoder().decode(fields[2])));
                } catch (IllegalArgumentException badBase64) {
                    // a damaged line cannot vouch for any key; it is skipped like OpenSSH does
                }
            }
        }
        return matches;
    }

    /** Appends an accepted key to wqlab's own file (created 0600 in a 0700 folder). */
    synchronized void add(String hostKeyName, byte[] key) throws IOException {
        Path parent = writable.toAbsolutePath().getParent();
        if (!Files.isDirectory(parent)) {
            Files.createDirectories(parent, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        if (!Files.exists(writable)) {
            Files.createFile(writable, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
        String line = hostKeyName + " " + Fingerprints.keyType(key) + " " + Base64.getEncoder().encodeToString(key)
                + "\n";
        Files.writeString(writable, line, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    private static boolean hostsMatch(String patterns, String host) {
        if (patterns.startsWith("|1|")) {
            return hashedMatch(patterns, host);
        }
        boolean matched = false;
        for (String pattern : patterns.split(",")) {
            boolean negated = pattern.startsWith("!");
            String p = negated ? pattern.substring(1) : pattern;
            if (glob(p.toLowerCase(), host.toLowerCase())) {
                if (negated) {
                    return false;
                }
                matched = true;
            }
        }
        return matched;
    }

    private static boolean hashedMatch(String field, String host) {
        String[] parts = field.split("\\|");
        if (parts.length != 4) {
            return false;
        }
        try {
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] expected = Base64.getDecoder().decode(parts[3]);
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(salt, "HmacSHA1"));
            return MessageDigest.isEqual(expected, mac.doFinal(host.getBytes(StandardCharsets.UTF_8)));
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            return false;
        }
    }

    private static boolean glob(String pattern, String text) {
        return globAt(pattern, 0, text, 0);
    }

    private static boolean globAt(String p, int pi, String t, int ti) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            if (c == '*') {
                for (int k = ti; k <= t.length(); k++) {
                    if (globAt(p, pi + 1, t, k)) {
                        return true;
                    }
                }
                return false;
            }
            if (ti >= t.length() || (c != '?' && c != t.charAt(ti))) {
                return false;
            }
            pi++;
            ti++;
        }
        return ti == t.length();
    }
}
