package org.wqlab.sim.shell;

import static org.wqlab.sim.shell.Shell.NS;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.sim.Board;
import org.wqlab.sim.SimulatedBoardProfile;

/** The system: uname, hostname, nproc, and sleep in board time. */
final class SystemCommands implements CommandGroup {

    private final Shell shell;
    private final Board board;
    private final SimulatedBoardProfile profile;

    SystemCommands(Shell shell) {
        this.shell = shell;
        this.board = shell.board();
        this.profile = board.profile();
    }

    @Override
    public void addTo(CommandTable table) {
        table.add("uname", (args, in, out, err) -> uname(args, out, err));
        table.add("hostname", (args, in, out, err) -> {
            out.println(profile.hostname());
            return 0;
        });
        table.add("nproc", (args, in, out, err) -> {
            out.println(profile.cpus());
            return 0;
        });
        table.add("sleep", (args, in, out, err) -> sleep(args, err));
    }

    private int uname(List<String> args, PrintStream out, PrintStream err) {
        String s = "Linux";
        String n = profile.hostname();
        String r = profile.kernelRelease();
        String v = profile.kernelBuild();
        String m = profile.machine();
        if (args.isEmpty()) {
            out.println(s);
            return 0;
        }
        List<String> parts = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals("-a")) {
                out.println(s + " " + n + " " + r + " " + v + " " + m + " GNU/Linux");
                return 0;
            }
            if (!arg.matches("-[snrvm]+")) {
                err.println("uname: invalid option -- '" + arg.replace("-", "") + "'");
                return 1;
            }
            for (char ch : arg.substring(1).toCharArray()) {
                parts.add(switch (ch) {
                    case 's' -> s;
                    case 'n' -> n;
                    case 'r' -> r;
                    case 'v' -> v;
                    default -> m;
                });
            }
        }
        out.println(String.join(" ", parts));
        return 0;
    }

    private int sleep(List<String> args, PrintStream err) {
        if (args.isEmpty()) {
            err.println("sleep: missing operand");
            return 1;
        }
        double seconds;
        try {
            seconds = Double.parseDouble(args.get(0));
        } catch (NumberFormatException e) {
            err.println("sleep: invalid time interval '" + args.get(0) + "'");
            return 1;
        }
        long ns = (long) (seconds * NS);
        board.driver().await(() -> shell.interrupted(), ns);
        return shell.interrupted() ? 130 : 0;
    }
}
