package org.wqlab.vboard;

import java.time.Duration;

import org.wqlab.target.Command;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The virtual board's own disconnect: QMP {@code device_del} of the emulated usb-storage device, the software
 * equivalent of pulling the stick (the teardown runs in {@code hub_event} on the workqueue, as with a physical pull).
 * {@code device_del} also deletes the drive, so the re-plug is {@code drive_add} (human monitor) then
 * {@code device_add}; the guest then mounts the stick again ({@code wqlab-stick mount}). The step's {@code device}
 * field is not used: the stick is QEMU's {@value VirtualBoard#STICK_DEVICE}. Declarative Services provides it
 * (OSGI-INF/qemu-usb-driver.xml) for the virtual board at its default location.
 */
public final class QemuUsbDriver implements UsbDisconnectDriver {

    public static final String ID = "qemu-device-del";
    private static final Duration DELETED_TIMEOUT = Duration.ofSeconds(20);

    private final VirtualBoard board;

    /** The Declarative Services component: the virtual board build.sh makes and {@code wqlab vboard} starts. */
    public QemuUsbDriver() {
        this(VirtualBoard.atDefaultLocation());
    }

    public QemuUsbDriver(VirtualBoard board) {
        this.board = board;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "QEMU device_del of the emulated stick";
    }

    @Override
    public boolean reproducesStall() {
        return true;
    }

    @Override
    public void disconnect(UsbAction action) throws UsbDriverException {
        RunningBoard b = runningBoard();
        try (QmpClient q = QmpClient.connect(b.qmpSocket())) {
            unplug(q);
        } catch (QmpException e) {
            throw new UsbDriverException("USB driver " + ID + ": " + e.getMessage());
        }
    }

    @Override
    public void reconnect(UsbAction action) throws TransportException, UsbDriverException {
        replug(runningBoard());
        UsbDisconnectDriver.check(this, action, Command.of("wqlab-stick").word("mount"));
    }

    /** Gives QEMU its stick back (removing a stale one first, e.g. after a sysfs remove): no guest involved. */
    public void replug(RunningBoard b) throws UsbDriverException {
        try (QmpClient q = QmpClient.connect(b.qmpSocket())) {
            if (stickPlugged(q)) {
                unplug(q);
            }
            if (!driveExists(q)) {
                String answer = q.humanMonitor("drive_add 0 " + hmpQuote(VirtualBoard.driveSpec(b.stick())))
                        .strip();
                if (!answer.equals("OK")) {
                    throw new UsbDriverException("USB driver " + ID + ": drive_add " + b.stick() + ": " + answer);
                }
            }
            q.execute("device_add", VirtualBoard.stickDevice());
        } catch (QmpException e) {
            throw new UsbDriverException("USB driver " + ID + ": " + e.getMessage());
        }
    }

    /** Whether QEMU has the stick device plugged in. */
    public static boolean stickPlugged(QmpClient q) throws QmpException {
        JsonObject args = new JsonObject();
        args.addProperty("path", "/machine/peripheral");
        for (JsonElement e : q.execute("qom-list", args).getAsJsonArray()) {
            if (VirtualBoard.STICK_DEVICE.equals(e.getAsJsonObject().get("name").getAsString())) {
                return true;
            }
        }
        return false;
    }

    static boolean driveExists(QmpClient q) throws QmpException {
        JsonArray blocks = q.execute("query-block", null).getAsJsonArray();
        for (JsonElement e : blocks) {
            JsonObject o = e.getAsJsonObject();
            if (o.has("device") && VirtualBoard.STICK_DRIVE.equals(o.get("device").getAsString())) {
                return true;
            }
        }
        return false;
    }

    /** One argument for the human monitor, which splits on spaces: in double quotes, backslash escapes. */
    static String hmpQuote(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private static void unplug(QmpClient q) throws QmpException, UsbDriverException {
        JsonObject args = new JsonObject();
        args.addProperty("id", VirtualBoard.STICK_DEVICE);
        q.execute("device_del", args);
        boolean deleted = q.awaitEvent("DEVICE_DELETED",
                d -> d.has("device") && VirtualBoard.STICK_DEVICE.equals(d.get("device").getAsString()),
                DELETED_TIMEOUT);
        if (!deleted) {
            throw new UsbDriverException("USB driver " + ID + ": QEMU did not report DEVICE_DELETED for "
                    + VirtualBoard.STICK_DEVICE + " within " + DELETED_TIMEOUT.toSeconds() + " s");
        }
    }

    private RunningBoard runningBoard() throws UsbDriverException {
        return board.running().orElseThrow(() -> new UsbDriverException("USB driver " + ID
                + ": no virtual board is running in " + board.home() + " (wqlab vboard start)"));
    }
}
