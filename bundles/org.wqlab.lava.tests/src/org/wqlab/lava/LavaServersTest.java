package org.wqlab.lava;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.target.InMemorySecretStore;

/** The servers file keeps name, url, user, module and templates; the token only the secret store. */
class LavaServersTest {

    @TempDir
    Path dir;

    @Test
    void aServerIsSavedWithoutItsTokenWhichTheSecretStoreKeeps() throws Exception {
        InMemorySecretStore secrets = new InMemorySecretStore();
        LavaServers servers = new LavaServers(dir.resolve("lava-servers.json"), secrets);
        LavaServer lab = new LavaServer("lab1", URI.create("http://127.0.0.1:8000/"), "wqlab", null,
                Map.of("qemu", dir.resolve("qemu.yaml")));
        servers.put(lab, "s3cret-token".toCharArray());
        String file = Files.readString(servers.file());
        assertFalse(file.contains("s3cret"), "the token is not in the servers file: " + file);
        LavaServer read = servers.choose(null);
        assertEquals(URI.create("http://127.0.0.1:8000"), read.url(), "the trailing slash goes");
        assertEquals(LavaServer.DEFAULT_MODULE, read.modulePath());
        assertEquals(dir.resolve("qemu.yaml"), read.template("qemu").orElseThrow());
        assertArrayEquals("s3cret-token".toCharArray(), servers.token(read));
        assertEquals(URI.create("http://127.0.0.1:8000/api/v0.2/jobs/7/"), read.api("jobs/7/"));
        assertEquals(URI.create("http://127.0.0.1:8000/scheduler/job/7"), read.jobPage(7));

        servers.put(new LavaServer("lab2", URI.create("http://127.0.0.2:8000"), "ci", "/opt/lm.ko"),
                "other".toCharArray());
        LavaException several = assertThrows(LavaException.class, () -> servers.choose(null));
        assertTrue(several.getMessage().contains("several LAVA servers are configured (lab1, lab2)"),
                several.getMessage());
        LavaException missing = assertThrows(LavaException.class, () -> servers.choose("lab3"));
        assertTrue(missing.getMessage().startsWith("no LAVA server named 'lab3'"), missing.getMessage());
        assertTrue(servers.remove("lab1"));
        assertThrows(LavaException.class, () -> servers.token(lab));
    }

    @Test
    void aServerNothingAnswersOnIsUnreachableNamingIt() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort(); // closed again: nothing listens there
        }
        LavaServer gone = new LavaServer("gone", URI.create("http://127.0.0.1:" + port), "wqlab", null);
        LavaException e = assertThrows(LavaException.class, () -> new LavaClient(gone, "t".toCharArray()).whoami());
        assertEquals("LAVA server 'gone' (http://127.0.0.1:" + port + ") is unreachable: the connection was refused"
                + " (is the server up?)", e.getMessage());
    }

    @Test
    void aDamagedFileIsNamedWithTheEntryAndField() throws Exception {
        Path file = dir.resolve("lava-servers.json");
        Files.writeString(file, "{\"servers\": [{\"name\": \"ok\", \"url\": \"http://127.0.0.1\", \"user\": \"u\"},"
                + " {\"name\": \"b\", \"url\": \"ftp://127.0.0.1\", \"user\": \"u\"}]}");
        LavaException e = assertThrows(LavaException.class, () -> new LavaServers(file, new InMemorySecretStore())
                .all());
        assertTrue(e.getMessage().startsWith(file + ": servers[1]: LAVA server 'b': url 'ftp://127.0.0.1' is not"),
                e.getMessage());
    }
}
