package org.wqlab.sequence.usb;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import org.wqlab.target.Command;

/** The disconnect drivers wqlab ships, by the id a sequence names them with. */
public final class UsbDrivers {

    public static final String SIM_PULL = "sim-pull";
    public static final String UHUBCTL = "uhubctl";
    public static final String USBMUXCTL = "usbmuxctl";
    public static final String MANUAL = "manual";
    public static final String SYSFS_REMOVE = "sysfs-remove";
    public static final String SYSFS_AUTHORIZED = "sysfs-authorized";
    /** In a sequence: the board's own driver (the simulated board: its pull; a real board: its profile's, else manual). */
    public static final String BOARD_DEFAULT = "board";

    /** Drivers of board types above this layer (the QEMU virtual board's), see {@link #register}. */
    private static final List<UsbDisconnectDriver> REGISTERED = new CopyOnWriteArrayList<>();

    private UsbDrivers() {
    }

    public static List<UsbDisconnectDriver> all() {
        return Stream.concat(Stream.of(new SimulatedPull(), new Uhubctl(), new Usbmuxctl(), new Manual(),
                new SysfsRemove(), new SysfsAuthorized()), REGISTERED.stream()).toList();
    }

    /**
     * Adds a driver that a board type above this layer provides (the QEMU virtual board's), replacing one registered
     * before under the same id; the ids of the drivers above cannot be taken.
     */
    public static synchronized void register(UsbDisconnectDriver driver) {
        if (Stream.of(SIM_PULL, UHUBCTL, USBMUXCTL, MANUAL, SYSFS_REMOVE, SYSFS_AUTHORIZED, BOARD_DEFAULT)
                .anyMatch(driver.id()::equals)) {
            throw new IllegalArgumentException("USB driver id '" + driver.id() + "' is taken by a built-in driver");
        }
        REGISTERED.removeIf(d -> d.id().equals(driver.id()));
        REGISTERED.add(driver);
    }

    public static Optional<UsbDisconnectDriver> byId(String id) {
        return all().stream().filter(d -> d.id().equals(id)).findFirst();
    }

    public static List<String> ids() {
        return all().stream().map(UsbDisconnectDriver::id).toList();
    }

    /** The simulated board's physical pull: {@code wqlab-board usb pull|plug DEV}. */
    public static final class SimulatedPull implements UsbDisconnectDriver {
        @Override
        public String id() {
            return SIM_PULL;
        }

        @Override
        public boolean reproducesStall() {
            return true;
        }

        @Override
        public void disconnect(UsbAction a) throws org.wqlab.target.TransportException, UsbDriverException {
            UsbDisconnectDriver.check(this, a, Command.of("wqlab-board").word("usb").word("pull").arg(a.device()));
        }

        @Override
        public void reconnect(UsbAction a) throws org.wqlab.target.TransportException, UsbDriverException {
            UsbDisconnectDriver.check(this, a, Command.of("wqlab-board").word("usb").word("plug").arg(a.device()));
        }
    }

    /** A hub port powered off with USB control requests: {@code uhubctl -S -l HUB -p PORT -a off|on}. */
    public static final class Uhubctl implements UsbDisconnectDriver {
        @Override
        public String id() {
            return UHUBCTL;
        }

        @Override
        public boolean reproducesStall() {
            return true;
        }

        private Command command(UsbAction a, String action) throws UsbDriverException {
            if (a.hub().isEmpty() || a.port().isEmpty()) {
                throw new UsbDriverException("USB driver uhubctl needs the fields 'hub' and 'port'");
            }
            return Command.of("uhubctl").word("-S").word("-l").arg(a.hub()).word("-p").arg(a.port()).word("-a")
                    .word(action);
        }

        @Override
        public void disconnect(UsbAction a) throws org.wqlab.target.TransportException, UsbDriverException {
            UsbDisconnectDriver.check(this, a, command(a, "off"));
        }

        @Override
        public void reconnect(UsbAction a) throws org.wqlab.target.TransportException, UsbDriverException {
            UsbDisconnectDriver.check(this, a, command(a, "on"));
        }
    }

    /** A USB mux: {@code usbmuxctl disconnect | device-host}. */
    public static final class Usbmuxctl implements UsbDisconnectDriver {
        @Override
        public String id() {
            return USBMUXCTL;
        }

        @Override
        public boolean reproducesStall() {
            return true;
        }

        @Override
        public void disconnect(UsbAction a) throws org.wqlab.target.TransportException, UsbDriverException {
            UsbDisconnectDriver.check(this, a, Command.of("usbmuxctl").word("disconnect"));
        }

        @Override
        public void reconnect(UsbAction a) throws org.wqlab.target.TransportException, UsbDriverException {
            UsbDisconnectDriver.check(this, a, Command.of("usbmuxctl").word("device-host"));
        }
    }

    /** A person pulls the stick when told to. */
    public static final class Manual implements UsbDisconnectDriver {
        @Override
        public String id() {
            return MANUAL;
        }

        @Override
        public boolean reproducesStall() {
            return true;
        }

        @Override
        public boolean reconnectsBySoftware() {
            return false;
        }

        private void ask(UsbAction a, String fallback) throws UsbDriverException, InterruptedException {
            String message = a.message().isEmpty() ? fallback : a.message();
            if (a.prompt() == null || !a.prompt().ask(message, a.countdown())) {
                throw new UsbDriverException("USB driver manual: not confirmed: " + message);
            }
        }

        @Override
        public void disconnect(UsbAction a) throws UsbDriverException, InterruptedException {
            ask(a, "Pull the USB stick " + a.device() + " now");
        }

        @Override
        public void reconnect(UsbAction a) throws UsbDriverException, InterruptedException {
            ask(a, "Plug the USB stick " + a.device() + " back in");
        }
    }

    /** {@code echo 1 > /sys/bus/usb/devices/DEV/remove}: teardown in the writing process (control run). */
    public static final class SysfsRemove implements UsbDisconnectDriver {
        @Override
        public String id() {
            return SYSFS_REMOVE;
        }

        @Override
        public boolean reproducesStall() {
            return false;
        }

        @Override
        public boolean reconnectsBySoftware() {
            return false;
        }

        @Override
        public void disconnect(UsbAction a) throws org.wqlab.target.TransportException, UsbDriverException {
            UsbDisconnectDriver.check(this, a, Command.of("echo").word("1").op(">")
                    .arg("/sys/bus/usb/devices/" + a.device() + "/remove"));
        }

        @Override
        public void reconnect(UsbAction a) throws UsbDriverException {
            throw new UsbDriverException("USB driver sysfs-remove cannot bring the device back: re-plug it or"
                    + " power-cycle the port");
        }
    }

    /** {@code echo 0|1 > /sys/bus/usb/devices/DEV/authorized}: teardown in the writing process (control run). */
    public static final class SysfsAuthorized implements UsbDisconnectDriver {
        @Override
        public String id() {
            return SYSFS_AUTHORIZED;
        }

        @Override
        public boolean reproducesStall() {
            return false;
        }

        private Command write(UsbAction a, String value) {
            return Command.of("echo").word(value).op(">").arg("/sys/bus/usb/devices/" + a.device() + "/authorized");
        }

        @Override
        public void disconnect(UsbAction a) throws org.wqlab.target.TransportException, UsbDriverException {
            UsbDisconnectDriver.check(this, a, write(a, "0"));
        }

        @Override
        public void reconnect(UsbAction a) throws org.wqlab.target.TransportException, UsbDriverException {
            UsbDisconnectDriver.check(this, a, write(a, "1"));
        }
    }
}
