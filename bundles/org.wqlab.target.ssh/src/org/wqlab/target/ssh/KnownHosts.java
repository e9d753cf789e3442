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
 * changed key can be reported as "file F line N". The last file is wqlab's own, where accepted keys are appended.
 */
final class KnownHosts {

    record Entry(Path file, int line, String keyType, byte[] key) {
    }

    sealed interface Verdict permits Known, Changed, Unknown {
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
        Entry sameTypeDifferentKey = null;
        for (Entry entry : entriesFor(hostKeyName)) {
            if (!entry.keyType().equals(type)) {
                continue;
            }
            if (Arrays.equals(entry.key(), key)) {
                return new Known(entry);
            }
            if (sameTypeDifferentKey == null) {
                sameTypeDifferentKey = entry;
            }
        }
        return sameTypeDifferentKey != null ? new Changed(sameTypeDifferentKey) : new Unknown();
    }

    List<Entry> entriesFor(String hostKeyName) throws IOException {
        List<Entry> matches = new ArrayList<>();
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty() || line.startsWith("#") || line.startsWith("@")) {
                    continue; // @cert-authority / @revoked are not used by wqlab
                }
                String[] fields = line.split("\\s+");
                if (fields.length < 3 || !hostsMatch(fields[0], hostKeyName)) {
                    continue;
                }
                try {
                    matches.add(new Entry(file, i + 1, fields[1], Base64.getDecoder().decode(fields[2])));
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
