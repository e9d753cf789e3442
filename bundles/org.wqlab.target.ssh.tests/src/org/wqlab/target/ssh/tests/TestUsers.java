package org.wqlab.target.ssh.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

/**
 * Two local users whose login shells are the ones boards have: dash (Debian's /bin/sh) and busybox ash. Created when
 * absent (idempotent); a fresh random password is set on every run, so no password is a constant in the tests.
 * Needs root, like sshd itself.
 */
final class TestUsers {

    static final String DASH = "wqlab-test";
    static final String ASH = "wqlab-ash";
    /** busybox runs the applet named by argv[0]; sshd starts the shell by its file name, so it must be "ash". */
    static final Path ASH_SHELL = Path.of("/usr/local/libexec/wqlab-test/ash");

    private static char[] password;

    private TestUsers() {
    }

    static synchronized char[] password() throws IOException, InterruptedException {
        if (password == null) {
            byte[] random = new byte[18];
            new SecureRandom().nextBytes(random);
            password = ("Wq" + Base64.getUrlEncoder().withoutPadding().encodeToString(random)).toCharArray();
            ensure(DASH, Path.of("/bin/dash"));
            if (!Files.isSymbolicLink(ASH_SHELL)) {
                Files.createDirectories(ASH_SHELL.getParent());
                Files.createSymbolicLink(ASH_SHELL, Path.of("/bin/busybox"));
            }
            ensure(ASH, ASH_SHELL);
        }
        return password.clone();
    }

    private static void ensure(String user, Path shell) throws IOException, InterruptedException {
        boolean exists = Files.readAllLines(Path.of("/etc/passwd")).stream().anyMatch(l -> l.startsWith(user + ":"));
        if (!exists) {
            Tools.run(List.of("useradd", "--create-home", "--shell", shell.toString(), user));
        } else {
            Tools.run(List.of("usermod", "--shell", shell.toString(), user));
        }
        // the password goes through stdin, never the command line
        Tools.run(List.of("chpasswd"), (user + ":" + new String(password) + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
