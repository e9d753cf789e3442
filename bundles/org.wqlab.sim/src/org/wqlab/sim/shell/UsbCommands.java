package org.wqlab.sim.shell;

import java.io.PrintStream;
import java.util.List;

import org.wqlab.sim.Board;
import org.wqlab.sim.SimulatedBoardProfile;

/** Taking the USB stick away and back: the board's own pull ({@code wqlab-board usb}), uhubctl, usbmuxctl. */
final class UsbCommands implements CommandGroup {

    private final Board board;
    private final SimulatedBoardProfile profile;

    UsbCommands(Shell shell) {
        this.board = shell.board();
        this.profile = board.profile();
    }

    @Override
    public void addTo(CommandTable table) {
        table.add("wqlab-board", (args, in, out, err) -> wqlabBoard(args, out, err));
        table.add("uhubctl", (args, in, out, err) -> uhubctl(args, out, err));
        table.add("usbmuxctl", (args, in, out, err) -> usbmuxctl(args, out, err));
    }

    private int wqlabBoard(List<String> args, PrintStream out, PrintStream err) {
        if (args.size() != 3 || !args.get(0).equals("usb") || !List.of("pull", "plug").contains(args.get(1))) {
            err.println("usage: wqlab-board usb pull|plug <device>");
            return 2;
        }
        if (!args.get(2).equals(profile.usbDevice())) {
            err.println("wqlab-board: no USB port " + args.get(2) + " (the stick is on " + profile.usbDevice() + ")");
            return 1;
        }
        boolean pull = args.get(1).equals("pull");
        boolean changed = board.driver().call(() -> pull ? board.kernel().usb().disconnectAtHub()
                : board.kernel().usb().plug());
        if (!changed) {
            err.println("wqlab-board: " + args.get(2) + " is already " + (pull ? "unplugged" : "plugged in"));
            return 1;
        }
        return 0;
    }

    /**
     * {@code uhubctl -l 2 -p 1 -a off|on [-S]}: the hub port's power. With {@code -S} (USB control requests) or on
     * kernels before 6.0 the hub sees a disconnect and hub_event tears down (the stall); without it, kernels >= 6.0
     * make uhubctl write the port's sysfs {@code disable} file, which tears down in the writing process. A hub of a
     * profile that ignores power-off answers the request and leaves the stick powered and connected.
     */
    private int uhubctl(List<String> args, PrintStream out, PrintStream err) {
        String action = null;
        for (int i = 0; i < args.size() - 1; i++) {
            if (args.get(i).equals("-a")) {
                action = args.get(i + 1);
            }
        }
        if (action == null) {
            out.println("Current status for hub 2 [1d6b:0002 xHCI Host Controller, USB 2.00, 1 ports, ppps]");
            return 0;
        }
        boolean off = action.equals("off") || action.equals("0");
        boolean viaSysfs = !args.contains("-S") && profile.kernelMajor() >= 6;
        out.println("Current status for hub 2 [1d6b:0002 xHCI Host Controller, USB 2.00, 1 ports, ppps]");
        if (off && viaSysfs) {
            long ns = board.driver().call(() -> board.kernel().usb().disconnectInProcess());
            board.driver().sleep(Math.max(ns, 0));
        } else if (off && profile.hubIgnoresPowerOff()) {
            // the hub answers the request and keeps VBUS on: the stick stays, nothing is logged
            out.println("Sent power off request");
            out.println("New status for hub 2 [1d6b:0002 xHCI Host Controller, USB 2.00, 1 ports, ppps]");
            out.println("  Port 1: 0503 power highspeed enable connect [" + profile.usbDevice() + "]");
            return 0;
        } else {
            board.driver().run(() -> {
                if (off) {
                    board.kernel().usb().disconnectAtHub();
                } else {
                    board.kernel().usb().plug();
                }
            });
        }
        out.println("Sent power " + (off ? "off" : "on") + " request");
        return 0;
    }

    /** {@code usbmuxctl disconnect | device-host}: a USB mux cutting the stick off the host (hub_event teardown). */
    private int usbmuxctl(List<String> args, PrintStream out, PrintStream err) {
        String action = args.isEmpty() ? "" : args.get(args.size() - 1);
        switch (action) {
            case "disconnect" -> board.driver().run(() -> board.kernel().usb().disconnectAtHub());
            case "device-host" -> board.driver().run(() -> board.kernel().usb().plug());
            default -> {
                err.println("usage: usbmuxctl disconnect|device-host");
                return 2;
            }
        }
        return 0;
    }
}
