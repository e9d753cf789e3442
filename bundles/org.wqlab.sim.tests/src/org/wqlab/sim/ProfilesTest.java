package org.wqlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfilesTest {

    @Test
    void builtInProfilesLoadAndDifferOnlyWhereTheyShould() {
        SimulatedBoardProfile d = Profiles.builtIn("rcar-h3-default");
        SimulatedBoardProfile t = Profiles.builtIn("rcar-h3-tailored");
        SimulatedBoardProfile n = Profiles.builtIn("rcar-h3-linux6.12");
        assertEquals(8, d.cpus());
        assertEquals(250, d.hz());
        assertEquals(4_000_000, d.tickNs());
        assertFalse(d.hasAutoCpuIntensive());
        assertTrue(n.hasAutoCpuIntensive());
        assertTrue(d.invalidateNsPerPage() > t.invalidateNsPerPage());
        assertEquals(d.usbReadBytesPerSecond(), n.usbReadBytesPerSecond());
        assertEquals(d.invalidateNsPerPage(), n.invalidateNsPerPage());
        assertEquals("6.12.9-yocto-standard SMP preempt mod_unload aarch64", n.vermagic());
    }

    @Test
    void aUserCopyCanBeEditedAndBadFieldsAreNamed(@TempDir Path dir) throws IOException {
        String json;
        try (InputStream in = getClass().getResourceAsStream("/profiles/rcar-h3-default.json")) {
            json = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        Path mine = dir.resolve("my-board.json");
        Files.writeString(mine, json.replace("\"hz\": 250", "\"hz\": 100"));
        assertEquals(100, Profiles.byNameOrFile(mine.toString()).hz());

        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, json.replace("\"hz\": 250", "\"hz\": 123"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profiles.load(bad));
        assertEquals(bad + ": field hz: must be 100, 250, 300 or 1000, got 123", e.getMessage());

        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"name\": \"x\", \"cpus\": \"eight\"}");
        IllegalArgumentException b = assertThrows(IllegalArgumentException.class, () -> Profiles.load(broken));
        assertTrue(b.getMessage().startsWith(broken + ": not a valid board profile"), b.getMessage());

        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Profiles.builtIn("rcar-m3"));
        assertTrue(unknown.getMessage().contains("rcar-m3"));
    }
}
