package org.wqlab.sim.shell;

import static org.wqlab.sim.shell.Shell.absolute;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import org.wqlab.core.elf.ElfFormatException;
import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.core.elf.ModuleParameter;
import org.wqlab.sim.Board;
import org.wqlab.sim.SimulatedBoardProfile;

/** Kernel modules: lsmod, insmod, modprobe, rmmod, modinfo, and taskset (which CPU the loader runs on). */
final class ModuleCommands implements CommandGroup {

    private final Shell shell;
    private final Board board;
    private final SimulatedBoardProfile profile;

    ModuleCommands(Shell shell) {
        this.shell = shell;
        this.board = shell.board();
        this.profile = board.profile();
    }

    @Override
    public void addTo(CommandTable table) {
        table.add("lsmod", (args, in, out, err) -> lsmod(out));
        table.add("insmod", (args, in, out, err) -> insmod(args, err, shell.cpuAffinity()));
        table.add("modprobe", (args, in, out, err) -> modprobe(args, err));
        table.add("rmmod", (args, in, out, err) -> rmmod(args, err));
        table.add("modinfo", (args, in, out, err) -> modinfo(args, out, err));
        table.add("taskset", this::taskset);
    }

    private int lsmod(PrintStream out) {
        out.println("Module                  Size  Used by");
        String proc = new String(board.read("/proc/modules").orElseThrow(), StandardCharsets.UTF_8);
        for (String line : proc.split("\n")) {
            if (!line.isBlank()) {
                String[] f = line.split(" ");
                out.println(String.format("%-19s %8s  %s", f[0], f[1], f[2]));
            }
        }
        return 0;
    }

    private int loaderCpu(int affinity) {
        return affinity >= 0 ? affinity : board.driver().call(() -> board.kernel().random().nextInt(profile.cpus()));
    }

    private int insmod(List<String> args, PrintStream err, int affinity) {
        if (args.isEmpty()) {
            err.println("insmod: ERROR: missing filename.");
            return 1;
        }
        String path = absolute(args.get(0));
        Optional<byte[]> image = board.read(path);
        if (image.isEmpty()) {
            err.println("insmod: ERROR: could not load module " + args.get(0) + ": No such file or directory");
            return 1;
        }
        String error = board.insmod(path, image.get(), args.subList(1, args.size()), loaderCpu(affinity));
        if (error != null) {
            err.println("insmod: ERROR: could not insert module " + args.get(0) + ": " + error);
            return 1;
        }
        return 0;
    }

    private int modprobe(List<String> args, PrintStream err) {
        List<String> rest = args.stream().filter(x -> !x.startsWith("-")).toList();
        boolean remove = args.contains("-r");
        if (rest.isEmpty()) {
            err.println("modprobe: ERROR: missing module name.");
            return 1;
        }
        String name = rest.get(0);
        if (remove) {
            String e = board.rmmod(name);
            return e == null ? 0 : 1;
        }
        Optional<String> path = board.findModule(name);
        if (path.isEmpty()) {
            err.println("modprobe: FATAL: Module " + name + " not found in directory /lib/modules/"
                    + profile.kernelRelease());
            return 1;
        }
        String error = board.insmod(path.get(), board.read(path.get()).orElseThrow(), rest.subList(1, rest.size()),
                loaderCpu(shell.cpuAffinity()));
        if (error != null) {
            if (error.equals("File exists")) {
                return 0;
            }
            err.println("modprobe: ERROR: could not insert '" + name.replace('-', '_') + "': " + error);
            return 1;
        }
        return 0;
    }

    private int rmmod(List<String> args, PrintStream err) {
        if (args.isEmpty()) {
            err.println("rmmod: ERROR: missing module name.");
            return 1;
        }
        String e = board.rmmod(args.get(0));
        if (e != null) {
            err.println("rmmod: ERROR: Module " + args.get(0).replace('-', '_') + " is not currently loaded");
            return 1;
        }
        return 0;
    }

    private int modinfo(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty()) {
            err.println("modinfo: ERROR: missing module or filename.");
            return 1;
        }
        String arg = args.get(0);
        String path = arg.contains("/") || arg.endsWith(".ko") ? absolute(arg) : board.findModule(arg).orElse(null);
        Optional<byte[]> image = path == null ? Optional.empty() : board.read(path);
        if (image.isEmpty()) {
            err.println("modinfo: ERROR: Module " + arg + " not found.");
            return 1;
        }
        ModuleInfo info;
        try {
            info = board.modinfo(path, image.get());
        } catch (ElfFormatException e) {
            err.println("modinfo: ERROR: could not get modinfo from '" + arg + "': Invalid argument");
            return 1;
        }
        out.println(String.format("%-16s%s", "filename:", path));
        info.entries().stream().filter(en -> !en.key().equals("parm") && !en.key().equals("parmtype"))
                .forEach(en -> out.println(String.format("%-16s%s", en.key() + ":", en.value())));
        for (ModuleParameter p : info.parameters()) {
            out.println(String.format("%-16s%s:%s (%s)", "parm:", p.name(), p.description(), p.type()));
        }
        return 0;
    }

    private int taskset(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        if (args.size() < 3 || !args.get(0).equals("-c")) {
            err.println("taskset: usage: taskset -c <cpu-list> <command> [args...]");
            return 1;
        }
        int cpu;
        try {
            cpu = Integer.parseInt(args.get(1).split("[,-]")[0]);
        } catch (NumberFormatException e) {
            err.println("taskset: failed to parse CPU list: " + args.get(1));
            return 1;
        }
        if (cpu < 0 || cpu >= profile.cpus()) {
            err.println("taskset: failed to set pid 0's affinity: Invalid argument");
            return 1;
        }
        int old = shell.cpuAffinity();
        shell.cpuAffinity(cpu);
        try {
            return shell.dispatch(args.subList(2, args.size()), in, out, err);
        } finally {
            shell.cpuAffinity(old);
        }
    }
}
