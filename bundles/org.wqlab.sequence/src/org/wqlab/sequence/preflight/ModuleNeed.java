package org.wqlab.sequence.preflight;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.kmod.KmodException;
import org.wqlab.kmod.LoadOutcome;
import org.wqlab.kmod.LoadOutcomeSentence;
import org.wqlab.kmod.LoadRequest;
import org.wqlab.kmod.ModuleManager;
import org.wqlab.kmod.ModuleParameters;
import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.StepType;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * Each module a load-module step loads is loadable: a local file passes the kernel module checks of
 * {@link ModuleManager#check} (vermagic, machine, parameters) against the board's kernel; a module modprobe finds on
 * the board was built for the running kernel release.
 */
final class ModuleNeed implements PreflightCheck {

    private static final String COST = "the monitor cannot be loaded: the run measures nothing";

    @Override
    public List<PreflightItem> check(PreflightContext c) throws TransportException {
        List<PreflightItem> items = new ArrayList<>();
        for (ResolvedStep r : c.steps(StepType.LOAD_MODULE)) {
            String module = r.moduleName();
            String file = r.text("file", "");
            String key = "module." + module;
            String what = "module " + module + " loadable";
            items.add(file.isEmpty() ? onBoard(c, key, what, module) : local(c, key, what, Path.of(file), r));
        }
        return items;
    }

    private static PreflightItem local(PreflightContext c, String key, String what, Path file, ResolvedStep r)
            throws TransportException {
        try {
            ModuleInfo info = ModuleManager.inspect(file);
            LoadOutcome refused = new ModuleManager(c.timeout(), c.timeout()).check(c.connection(),
                    new LoadRequest(file, new ModuleParameters(r.params()), OptionalInt.empty(), null), info);
            if (refused != null) {
                return PreflightItem.missing(key, what, file.toString(), LoadOutcomeSentence.of(refused), true);
            }
            return PreflightItem.present(key, what, file + ", vermagic " + info.vermagic().orElse("?"));
        } catch (KmodException e) {
            return PreflightItem.missing(key, what, file + ": " + e.getMessage(), COST, true);
        }
    }

    /** modinfo on the board: the file modprobe would load, and whether its vermagic is the running kernel's. */
    private static PreflightItem onBoard(PreflightContext c, String key, String what, String module)
            throws TransportException {
        ExecResult info = c.run(Command.of("modinfo").arg(module.replace('-', '_')));
        if (!info.succeeded()) {
            return PreflightItem.missing(key, what, "modinfo: " + PreflightContext.firstLine(info),
                    "modprobe finds no " + module + " on the board: " + COST, true);
        }
        String vermagic = field(info.stdoutText(), "vermagic:");
        ExecResult uname = c.run(Command.of("uname").word("-r"));
        String release = uname.stdoutText().strip();
        if (!vermagic.isEmpty() && uname.succeeded() && !release.isEmpty()
                && !(vermagic.equals(release) || vermagic.startsWith(release + " "))) {
            return PreflightItem.missing(key, what, "vermagic " + vermagic + ", the board runs " + release,
                    "the kernel refuses a module built for another kernel: " + COST, true);
        }
        return PreflightItem.present(key, what, field(info.stdoutText(), "filename:")
                + (vermagic.isEmpty() ? "" : ", vermagic " + vermagic));
    }

    private static String field(String modinfo, String name) {
        return modinfo.lines().filter(l -> l.startsWith(name)).map(l -> l.substring(name.length()).strip())
                .findFirst().orElse("");
    }
}
