package org.wqlab.vboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDrivers;

/**
 * The QMP client and the disconnect driver against a real QEMU: a q35 machine with the virtual board's xHCI
 * controller and stick, kept paused ({@code -S}: no guest runs, nothing to boot, no CPU spent). The stick image sits
 * in a folder with a comma in its name, so the drive option's escaping is exercised by QEMU itself.
 */
class QemuUsbDriverTest {

    @TempDir
    Path dir;
    private Process qemu;
    private VirtualBoard board;
    private Path stick;

    @BeforeEach
    void startPausedQemu() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/qemu-system-x86_64")), "qemu-system-x86_64 not installed");
        board = new VirtualBoard(dir.resolve("cache, with comma").resolve("vboard"));
        Files.createDirectories(board.runDir());
        stick = board.stick();
        try (RandomAccessFile f = new RandomAccessFile(stick.toFile(), "rw")) {
            f.setLength(16L << 20); // sparse
        }
        Path qmp = board.runDir().resolve("qmp.sock");
        qemu = new ProcessBuilder("qemu-system-x86_64", "-M", "q35", "-accel", "tcg", "-S", "-display", "none",
                "-monitor", "none", "-serial", "none", "-qmp", VirtualBoard.qmpSpec(qmp), "-device",
                "qemu-xhci,id=xhci", "-drive", VirtualBoard.driveSpec(stick), "-device",
                VirtualBoard.stickDevice().get("driver").getAsString() + ",bus=xhci.0,port=1,drive=stick,id=stick0")
                .redirectErrorStream(true).redirectOutput(dir.resolve("qemu.out").toFile()).start();
        long end = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(qmp)) {
            assertTrue(qemu.isAlive(), () -> "QEMU ended: " + read(dir.resolve("qemu.out")));
            assertTrue(System.nanoTime() < end, "no QMP socket after 60 s");
            Thread.sleep(50);
        }
        writeState(qmp);
    }

    @AfterEach
    void stopQemu() throws Exception {
        if (qemu != null) {
            qemu.destroyForcibly().waitFor();
        }
    }

    @Test
    void qmpAnswersAndNamesTheCommandItRefuses() throws Exception {
        try (QmpClient q = QmpClient.connect(board.runDir().resolve("qmp.sock"))) {
            assertEquals("prelaunch", q.execute("query-status", null).getAsJsonObject().get("status").getAsString());
            QmpException e = assertThrows(QmpException.class, () -> q.execute("no-such-command", null));
            assertTrue(e.getMessage().startsWith("QMP no-such-command: "), e.getMessage());
            assertTrue(q.humanMonitor("info version").strip().startsWith("7."), "HMP info version");
        }
    }

    @Test
    void theRunningBoardIsFoundThroughItsStateFile() {
        RunningBoard b = board.running().orElseThrow();
        assertEquals(qemu.pid(), b.pid());
        assertEquals(VboardArch.X86_64, b.arch());
        assertEquals(stick, b.stick());
    }

    @Test
    void disconnectDeletesTheStickAndReconnectPlugsItBack() throws Exception {
        QemuUsbDriver driver = new QemuUsbDriver(board);
        UsbAction action = new UsbAction(null, VirtualBoard.GUEST_USB_DEVICE, "", "", "", Duration.ZERO, null,
                Duration.ofSeconds(30));
        Path qmp = board.runDir().resolve("qmp.sock");
        driver.disconnect(action);
        try (QmpClient q = QmpClient.connect(qmp)) {
            assertFalse(QemuUsbDriver.stickPlugged(q), "stick0 still plugged after device_del");
            assertFalse(QemuUsbDriver.driveExists(q), "device_del also deletes the drive");
        }
        driver.replug(board.running().orElseThrow());
        try (QmpClient q = QmpClient.connect(qmp)) {
            assertTrue(QemuUsbDriver.stickPlugged(q), "stick0 plugged again");
            assertTrue(QemuUsbDriver.driveExists(q), "drive re-added");
        }
        // plugged already (as after a sysfs remove in the guest): replaced, not duplicated
        driver.replug(board.running().orElseThrow());
        try (QmpClient q = QmpClient.connect(qmp)) {
            assertTrue(QemuUsbDriver.stickPlugged(q));
        }
        driver.disconnect(action);
        var e = assertThrows(org.wqlab.usb.UsbDriverException.class, () -> driver.disconnect(action));
        assertTrue(e.getMessage().contains("qemu-device-del") && e.getMessage().contains("stick0"), e.getMessage());
    }

    @Test
    void theDriverIsAnInstalledServiceAndASecondOneDoesNotDuplicateIt() {
        assertTrue(UsbDrivers.installed().byId(QemuUsbDriver.ID).orElseThrow().reproducesStall());
        assertEquals(1, UsbDrivers.installed().all().stream().filter(d -> d.id().equals(QemuUsbDriver.ID)).count());
        ServiceRegistration<UsbDisconnectDriver> second = FrameworkUtil.getBundle(QemuUsbDriverTest.class)
                .getBundleContext().registerService(UsbDisconnectDriver.class, new QemuUsbDriver(board), null);
        try {
            assertEquals(1,
                    UsbDrivers.installed().all().stream().filter(d -> d.id().equals(QemuUsbDriver.ID)).count());
        } finally {
            second.unregister();
        }
    }

    @Test
    void stopQuitsQemuThroughQmp() throws Exception {
        assertTrue(board.stop(line -> { }));
        assertTrue(qemu.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "QEMU still running after stop");
        assertTrue(board.running().isEmpty());
        assertFalse(board.stop(line -> { }), "nothing left to stop");
    }

    @Test
    void startWithoutABuiltBoardSaysHowToBuildIt() {
        VirtualBoard empty = new VirtualBoard(dir.resolve("empty"));
        VboardException e = assertThrows(VboardException.class,
                () -> empty.start(VboardArch.ARM64, VirtualBoard.StartOptions.DEFAULT, line -> { }));
        assertTrue(e.getMessage().contains("wqlab vboard build --arch arm64"), e.getMessage());
        assertEquals(List.of(VboardArch.X86_64, VboardArch.X86_64, VboardArch.ARM64, VboardArch.ARM64),
                List.of(VboardArch.parse("x86_64"), VboardArch.parse("amd64"), VboardArch.parse("arm64"),
                        VboardArch.parse("aarch64")));
        assertThrows(IllegalArgumentException.class, () -> VboardArch.parse("riscv64"));
    }

    private void writeState(Path qmp) throws IOException {
        Properties p = new Properties();
        p.setProperty("arch", "x86_64");
        p.setProperty("pid", Long.toString(qemu.pid()));
        p.setProperty("sshPort", "22");
        p.setProperty("qmpSocket", qmp.toString());
        p.setProperty("serialLog", dir.resolve("serial.log").toString());
        p.setProperty("stick", stick.toString());
        p.setProperty("key", dir.resolve("id_ed25519").toString());
        p.setProperty("hostKeyFingerprint", "SHA256:none");
        p.setProperty("kernelRelease", "none");
        p.setProperty("irqCpu", "0");
        p.setProperty("started", Instant.now().toString());
        try (Writer w = Files.newBufferedWriter(board.runDir().resolve("board.properties"), StandardCharsets.UTF_8)) {
            p.store(w, null);
        }
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
