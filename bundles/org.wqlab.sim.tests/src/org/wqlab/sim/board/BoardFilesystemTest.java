package org.wqlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.shell.Shell;
import org.wqlab.target.ExecUpload;
import org.wqlab.target.TransferProgress;
import org.wqlab.target.TransportException;

/** mkdir, rm, mv, test, stat, wc in the board's normal filesystem, and the transport's exec upload through them. */
class BoardFilesystemTest {

    @TempDir
    Path root;

    private final Board board = Board.virtual(Profiles.builtIn("rcar-h3-default"));
    private final Shell shell = new Shell(board);

    private Shell.Result run(String line) {
        return shell.run(line);
    }

    @Test
    void foldersFilesRenameAndRemoveInMemory() {
        assertEquals("dir\n", run("mkdir /tmp/wqlab && test -d /tmp/wqlab && echo dir").out());
        Shell.Result again = run("mkdir /tmp/wqlab");
        assertEquals(1, again.status());
        assertEquals("mkdir: cannot create directory '/tmp/wqlab': File exists\n", again.err());
        assertEquals(0, run("mkdir -p /tmp/wqlab").status(), "-p: an existing folder is fine");
        assertEquals(0, run("mkdir -p /tmp/wqlab/a/b && test -d /tmp/wqlab/a && test -d /tmp/wqlab/a/b").status());
        Shell.Result noParent = run("mkdir /tmp/none/x");
        assertEquals(1, noParent.status());
        assertEquals("mkdir: cannot create directory '/tmp/none/x': No such file or directory\n", noParent.err());
        assertEquals("", run("ls /tmp/wqlab/a/b").out());
        assertEquals(0, run("ls /tmp/wqlab/a/b").status(), "an empty folder lists as empty, not as missing");

        assertEquals("3\n", run("echo hi > /tmp/wqlab/f && test -f /tmp/wqlab/f && stat -c %s /tmp/wqlab/f").out());
        assertEquals("1\n", run("test -d /tmp/wqlab/f; echo $?").out());
        assertEquals("3\n", run("wc -c < /tmp/wqlab/f").out());
        assertEquals("a\nf\n", run("ls /tmp/wqlab").out());
        assertEquals("hi\n1\n", run("mv -f -- /tmp/wqlab/f /tmp/wqlab/g && cat /tmp/wqlab/g; test -e /tmp/wqlab/f; "
                + "echo $?").out());
        assertEquals(0, run("mv /tmp/wqlab/g /tmp/wqlab/a").status(), "into a folder");
        assertEquals("hi\n", run("cat /tmp/wqlab/a/g").out());
        Shell.Result missing = run("mv /tmp/wqlab/nothing /tmp/wqlab/x");
        assertEquals(1, missing.status());
        assertEquals("mv: cannot stat '/tmp/wqlab/nothing': No such file or directory\n", missing.err());

        assertEquals("0\n", run("rm -f -- /tmp/wqlab/a/g /tmp/wqlab/none; echo $?").out());
        assertEquals(1, run("test -e /tmp/wqlab/a/g").status());
        Shell.Result rm = run("rm /tmp/wqlab/none");
        assertEquals(1, rm.status());
        assertEquals("rm: cannot remove '/tmp/wqlab/none': No such file or directory\n", rm.err());
        assertEquals(1, run("rm /tmp/wqlab").status(), "a folder needs -r");
        assertEquals(0, run("rm -rf /tmp/wqlab && test ! -e /tmp/wqlab").status());

        Shell.Result noFolder = run("echo x > /nowhere/f");
        assertEquals(1, noFolder.status());
        assertTrue(noFolder.err().contains("No such file or directory"), noFolder.err());
    }

    @Test
    void mkdirInTheMountedDirectoryIsAFolderSftpSees() throws Exception {
        board.mountDirectory(root);
        assertEquals(0, run("mkdir -p /tmp/wqlab").status());
        assertTrue(Files.isDirectory(root.resolve("tmp/wqlab")));
        assertEquals(0, run("echo abc > /tmp/wqlab/n.txt").status());
        assertEquals("abc\n", Files.readString(root.resolve("tmp/wqlab/n.txt")), "written where SFTP reads");
        assertEquals(0, run("mv /tmp/wqlab/n.txt /tmp/wqlab/m.txt").status());
        assertFalse(Files.exists(root.resolve("tmp/wqlab/n.txt")));
        assertEquals("abc\n", Files.readString(root.resolve("tmp/wqlab/m.txt")));
        assertEquals(0, run("rm -f /tmp/wqlab/m.txt").status());
        assertFalse(Files.exists(root.resolve("tmp/wqlab/m.txt")));
    }

    @Test
    void theTransportsExecUploadRunsUnchanged() throws Exception {
        board.mountDirectory(root);
        assertEquals(0, run("mkdir -p /tmp/wqlab").status());
        byte[] content = new byte[70_000];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i * 31 + 7);
        }
        Path local = Files.write(root.resolve("local.ko"), content);
        ShellConnection connection = new ShellConnection(board);

        ExecUpload.upload(connection, local, "/tmp/wqlab/latency-mon.ko", TransferProgress.NONE, Duration.ofSeconds(30));

        assertArrayEquals(content, Files.readAllBytes(root.resolve("tmp/wqlab/latency-mon.ko")), "binary-exact");
        assertFalse(Files.exists(root.resolve("tmp/wqlab/latency-mon.ko.wqlab-part")), "the temporary name is gone");
        assertEquals("70000\n", run("stat -c %s /tmp/wqlab/latency-mon.ko").out());

        TransportException broken = assertThrows(TransportException.class, () -> ExecUpload.upload(connection, local,
                "/tmp/wqlab/cut.ko", (done, total) -> done < 30_000, Duration.ofSeconds(30)));
        assertTrue(broken.getMessage().contains("upload cancelled") || broken.getMessage().contains("incomplete"),
                broken.getMessage());
        assertEquals(1, run("test -e /tmp/wqlab/cut.ko").status(), "a cut upload is not renamed into place");
        assertEquals(1, run("test -e /tmp/wqlab/cut.ko.wqlab-part").status(), "and its temporary file is removed");
    }

    @Test
    void theUploadScriptRefusesAShortFile() {
        // the script ExecUpload sends (org.wqlab.target.ExecUpload.SCRIPT) when fewer bytes arrive than announced
        String script = "cat > \"$1\" && n=$(wc -c < \"$1\") && [ $n -eq \"$3\" ]"
                + " && mv -f -- \"$1\" \"$2\" || { rm -f -- \"$1\"; echo \"incomplete: $n of $3 bytes\" >&2; exit 1; }";
        Shell.Result r = shell.run("mkdir -p /tmp/u && echo 12345 | sh -c '" + script + "' sh /tmp/u/f.part /tmp/u/f 9");
        assertEquals(1, r.status());
        assertEquals("incomplete: 6 of 9 bytes\n", r.err());
        assertEquals(1, run("test -e /tmp/u/f.part || test -e /tmp/u/f").status());
        Shell.Result ok = shell.run("echo 12345 | sh -c '" + script + "' sh /tmp/u/f.part /tmp/u/f 6");
        assertEquals(0, ok.status(), ok.err());
        assertEquals("12345\n", run("cat /tmp/u/f").out());
    }
}
