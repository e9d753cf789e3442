package org.wqlab.lava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardEntry;

/**
 * The REST client and the board source against the real LAVA lab on loopback: the qemu device type with its device,
 * listed as the board lava:qemu; a wrong token refused naming the server and the user.
 */
class LavaLabTest {

    @Test
    void theLabsDeviceTypeIsListedAsABoardWithItsDevice() throws Exception {
        LavaLab lab = LavaLab.required();
        LavaServers servers = LavaServers.installed();
        servers.put(lab.server("lab-source"), lab.token());
        try {
            LavaClient client = servers.client(servers.choose("lab-source"));
            assertEquals(lab.user(), client.whoami());
            assertTrue(client.deviceTypes().stream().anyMatch(t -> t.name().equals(lab.deviceType())));
            LavaClient.Device device = client.devices().stream().filter(d -> d.hostname().equals(lab.device()))
                    .findFirst().orElseThrow();
            assertEquals(lab.deviceType(), device.deviceType());
            List<BoardEntry> boards = new LavaBoardSource().boards();
            BoardEntry board = boards.stream().filter(b -> b.name().equals("lava:" + lab.deviceType()))
                    .findFirst().orElseThrow(() -> new AssertionError("no lava:qemu in " + boards));
            assertTrue(board.settings().get("lava.devices").startsWith(lab.device() + ": "), board.toString());
            assertTrue(new LavaBoardKind().hostText(board).contains("device type qemu: qemu-01: "),
                    new LavaBoardKind().hostText(board));
        } finally {
            servers.remove("lab-source");
        }
    }

    @Test
    void aWrongTokenIsRefusedNamingTheServerAndUser() throws Exception {
        LavaLab lab = LavaLab.required();
        LavaClient wrong = new LavaClient(lab.server("wrong"), "not-a-token".toCharArray());
        LavaException e = assertThrows(LavaException.TokenRefused.class, wrong::deviceTypes);
        assertEquals("LAVA server 'wrong' (" + lab.url() + ") refused the API token of user '" + lab.user()
                + "' (HTTP 403: Invalid token.)", e.getMessage());
        assertFalse(e.getMessage().contains("not-a-token"));
    }
}
