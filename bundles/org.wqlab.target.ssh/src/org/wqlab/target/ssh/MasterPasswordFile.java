package org.wqlab.target.ssh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;

/**
 * The master password of wqlab's secure storage on machines without a keyring: 32 random bytes generated on first use,
 * kept in a file only its owner can read (0600, folder 0700). See SECURITY.md.
 */
final class MasterPasswordFile {

    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private MasterPasswordFile() {
    }

    static char[] readOrCreate(Path file) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) {
            Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        if (!Files.exists(file)) {
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            try {
                // created with 0600 from the start: there is no moment where others could read it
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(file, password + "\n", StandardCharsets.US_ASCII);
            } catch (FileAlreadyExistsException anotherProcessWasFaster) {
                // read theirs below
            }
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
        if (permissions.stream().anyMatch(OTHERS::contains)) {
            throw new IOException(file + " is readable or writable by other users (mode "
                    + PosixFilePermissions.toString(permissions) + "); run: chmod 600 " + file);
        }
        String password = Files.readString(file, StandardCharsets.US_ASCII).strip();
        if (password.length() < 16) {
            throw new IOException(file + " does not hold a usable master password (line 1 is too short); delete it"
                    + " together with the secure storage file next to it, then store the secrets again");
        }
        return password.toCharArray();
    }
}
