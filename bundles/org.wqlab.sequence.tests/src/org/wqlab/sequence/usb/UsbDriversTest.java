package org.wqlab.sequence.usb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.sequence.run.SimRigAccess;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.usb.ManualPrompt;
import org.wqlab.usb.StickMount;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;

/** Each software driver against the simulated board over SSH; the stick's presence is read from the board model. */
class UsbDriversTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final StickMount MOUNT = StickMount.parse("/dev/sda1 /run/media/sda1").orElseThrow();

    @Test
    void aStickThatDoesNotComeBackIsAClearError(@TempDir Path dir) throws Exception {
        try (SimRigAccess rig = SimRigAccess.start(dir); BoardConnection c = rig.connect()) {
            UsbDisconnectDriver pull = UsbDrivers.installed().byId(UsbDriverIds.SIM_PULL).orElseThrow();
            pull.disconnect(action(c, "", "", null));
            UsbDriverException e = assertThrows(UsbDriverException.class,
                    () -> MOUNT.await(c, Duration.ofMillis(500)));
            assertTrue(e.getMessage().contains("/dev/sda1 not back after 5 polls"), e.getMessage());
            assertFalse(rig.stickMounted());
            assertTrue(StickMount.parse("sda1 /run/media/sda1").isEmpty(), "not absolute");
            assertTrue(StickMount.parse("/dev/sda1").isEmpty(), "one word");
        }
    }

    private static UsbAction action(BoardConnection c, String hub, String port, ManualPrompt prompt) {
        return new UsbAction(c, "2-1", hub, port, "", Duration.ZERO, prompt, Duration.ofSeconds(30));
    }

    @Test
    void softwareDriversTakeTheStickAndGiveItBack(@TempDir Path dir) throws Exception {
        try (SimRigAccess rig = SimRigAccess.start(dir); BoardConnection c = rig.connect()) {
            for (String id : List.of(UsbDriverIds.SIM_PULL, UsbDriverIds.UHUBCTL, UsbDriverIds.USBMUXCTL,
                    UsbDriverIds.SYSFS_AUTHORIZED)) {
                UsbDisconnectDriver d = UsbDrivers.installed().byId(id).orElseThrow();
                UsbAction a = action(c, "2", "1", null);
                assertTrue(rig.stickPresent(), id + ": present before");
                d.disconnect(a);
                assertFalse(rig.stickPresent(), id + ": gone after disconnect");
                assertEquals(1, c.run(Command.of("test").word("-e").arg("/dev/sda1"), TIMEOUT).exitCode(),
                        id + ": no block device while unplugged");
                d.reconnect(a);
                assertEquals("mounted /dev/sda1 on /run/media/sda1", MOUNT.await(c, Duration.ofSeconds(10)), id);
                assertTrue(rig.stickPresent(), id + ": back after reconnect");
                assertTrue(rig.stickMounted(), id + ": mounted again");
                assertEquals(0, rig.stickCachedPages(), id + ": nothing of the old mount in the page cache");
                assertEquals(0, c.run(Command.of("dd").arg("if=/run/media/sda1/sample.txt").arg("of=/dev/zero")
                        .arg("bs=1M").arg("count=1"), TIMEOUT).exitCode(), id + ": the file reads again");
            }
        }
    }

    @Test
    void sysfsDriversAreControlRunsAndRemoveCannotReconnect(@TempDir Path dir) throws Exception {
        assertEquals(UsbDisconnectDriver.CONTROL_RUN, UsbDrivers.installed().byId(UsbDriverIds.SYSFS_REMOVE).orElseThrow().note());
        assertEquals(UsbDisconnectDriver.CONTROL_RUN,
                UsbDrivers.installed().byId(UsbDriverIds.SYSFS_AUTHORIZED).orElseThrow().note());
        assertEquals("", UsbDrivers.installed().byId(UsbDriverIds.UHUBCTL).orElseThrow().note());
        try (SimRigAccess rig = SimRigAccess.start(dir); BoardConnection c = rig.connect()) {
            UsbDisconnectDriver remove = UsbDrivers.installed().byId(UsbDriverIds.SYSFS_REMOVE).orElseThrow();
            remove.disconnect(action(c, "", "", null));
            assertFalse(rig.stickPresent());
            assertThrows(UsbDriverException.class, () -> remove.reconnect(action(c, "", "", null)));
            UsbDisconnectDriver pull = UsbDrivers.installed().byId(UsbDriverIds.SIM_PULL).orElseThrow();
            pull.reconnect(action(c, "", "", null));
            MOUNT.await(c, Duration.ofSeconds(10));
            assertTrue(rig.stickPresent());
            UsbDriverException e = assertThrows(UsbDriverException.class,
                    () -> UsbDrivers.installed().byId(UsbDriverIds.UHUBCTL).orElseThrow().disconnect(action(c, "", "", null)));
            assertTrue(e.getMessage().contains("'hub' and 'port'"), e.getMessage());
        }
    }

    @Test
    void manualDriverAsksAndAPersonCanRefuse() throws Exception {
        UsbDisconnectDriver manual = UsbDrivers.installed().byId(UsbDriverIds.MANUAL).orElseThrow();
        assertFalse(manual.reconnectsBySoftware());
        List<String> asked = new ArrayList<>();
        manual.disconnect(action(null, "", "", (message, countdown) -> asked.add(message)));
        assertEquals(List.of("Pull the USB stick 2-1 now"), asked);
        assertThrows(UsbDriverException.class,
                () -> manual.disconnect(action(null, "", "", (message, countdown) -> false)));
    }
}
