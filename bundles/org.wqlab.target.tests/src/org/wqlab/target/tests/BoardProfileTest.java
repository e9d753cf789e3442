package org.wqlab.target.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.TransportException;

class BoardProfileTest {

    @Test
    void defaultsAndValidationNameTheField() {
        BoardProfile p = BoardProfile.of("desk", "rcar", 0, null);
        assertEquals("", p.user());
        assertEquals(AuthMethod.AUTO, p.auth());
        assertEquals(HostKeyPolicy.REFUSE_UNKNOWN, p.hostKeyPolicy());
        assertNull(p.withJumpHost(" ").jumpHost());
        var e = assertThrows(IllegalArgumentException.class, () -> BoardProfile.of("desk", "rcar", 70000, "root"));
        assertEquals("board 'desk': field port must be 0..65535, was 70000", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BoardProfile.of("desk", " ", 22, "root"));
        assertEquals("board profile: field host must not be empty", e.getMessage());
    }

    @Test
    void failuresNameTheBoard() {
        var changed = new TransportException.HostKeyChanged("lab R-Car", "[10.0.0.2]:22", "ssh-ed25519",
                "SHA256:abc", "/home/u/.ssh/known_hosts", 7);
        assertEquals("lab R-Car", changed.boardName());
        assertEquals(true, changed.getMessage().startsWith("board 'lab R-Car': HOST KEY CHANGED"));
        assertEquals(true, changed.getMessage().contains("/home/u/.ssh/known_hosts line 7"));
    }
}
