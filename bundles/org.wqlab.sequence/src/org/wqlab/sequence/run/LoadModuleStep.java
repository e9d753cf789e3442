package org.wqlab.sequence.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import org.wqlab.core.elf.ModinfoReader;
import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.kmod.KmodException;
import org.wqlab.kmod.KmodProgress;
import org.wqlab.kmod.LoadOutcome;
import org.wqlab.kmod.LoadOutcomeSentence;
import org.wqlab.kmod.LoadRequest;
import org.wqlab.kmod.ModuleIdentity;
import org.wqlab.kmod.ModuleManager;
import org.wqlab.kmod.ModuleParameters;
import org.wqlab.kmod.ModuleStatus;
import org.wqlab.kmod.UnloadOutcome;
import org.wqlab.sequence.ResolvedStep;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * {@code load-module}: a local {@code file} deployed and loaded by {@link ModuleManager}, or modprobe on the board
 * (optionally under taskset); a leftover of an interrupted run is unloaded first. Records the module's identity in
 * the run, {@code loaded-module.json} and the experiment's metadata.
 */
final class LoadModuleStep implements StepExecutor {

    private static final Duration SHORT = Run.SHORT;

    private final ModuleManager modules;

    LoadModuleStep(ModuleManager modules) {
        this.modules = modules;
    }

    @Override
    public String execute(Run run, ResolvedStep r, String label) throws StepFailed, TransportException {
        String module = r.moduleName();
        String name = module.replace('-', '_');
        Map<String, String> params = r.params();
        OptionalInt cpu = r.optionalInteger("cpu", 0);
        Map<String, String> recorded = new LinkedHashMap<>(params);
        cpu.ifPresent(n -> recorded.put("taskset.cpu", Integer.toString(n)));
        try {
            String file = r.text("file", "");
            String leftover = unloadLeftover(run, name, file, label);
            ModuleIdentity identity;
            if (!file.isEmpty()) {
                LoadRequest request = new LoadRequest(Path.of(file), new ModuleParameters(params), cpu, null);
                LoadOutcome outcome = modules.deployAndLoad(run.connection, request, KmodProgress.NONE);
                if (!(outcome instanceof LoadOutcome.Loaded loaded)) {
                    throw new StepFailed(label + ": " + LoadOutcomeSentence.of(outcome));
                }
                identity = loaded.identity();
                name = identity.name();
            } else {
                Command modprobe = cpu.isPresent()
                        ? Command.of("taskset").word("-c").arg(Integer.toString(cpu.getAsInt())).word("modprobe")
                        : Command.of("modprobe");
                modprobe = modprobe.arg(module);
                for (var p : params.entrySet()) {
                    modprobe = modprobe.arg(p.getKey() + "=" + p.getValue());
                }
                ExecResult result = run.connection.run(modprobe, SHORT);
                if (!result.succeeded()) {
                    throw new StepFailed(label + ": '" + modprobe + "' exited with " + result.exitCode() + ": "
                            + (result.stderrText() + result.stdoutText()).strip());
                }
                run.loadedModules.add(name);
                if (!ModuleStatus.isListed(run.connection, name, SHORT)) {
                    throw new StepFailed(label + ": modprobe succeeded but /proc/modules does not list " + name);
                }
                identity = boardModuleIdentity(run, module, params);
            }
            run.loadedModules.add(name);
            LeftoverModule.record(run.folder, identity);
            run.moduleIdentity = identity.toJson();
            run.metadata = run.metadata.withModule(identity.name(), recorded);
            run.folder.writeMetadata(run.metadata);
            return leftover + "loaded " + identity.name() + " srcversion " + identity.srcversion() + " sha256 "
                    + identity.sha256();
        } catch (KmodException | IOException e) {
            throw new StepFailed(label + ": " + e.getMessage());
        }
    }

    /**
     * A module of that name loaded before the step: unloaded when a killed run of this board left it (or it is the
     * module to load), said in the output; refused otherwise. @return what was done, for the step's detail
     */
    private String unloadLeftover(Run run, String name, String file, String label) throws StepFailed,
            TransportException, KmodException {
        Optional<String> toLoad = file.isEmpty() ? boardSrcversion(run, name)
                : srcversionOf(Path.of(file));
        LeftoverModule.Finding f = LeftoverModule.find(run.connection, name, toLoad, run.workspace, run.folder, SHORT);
        if (f instanceof LeftoverModule.Finding.Foreign foreign) {
            throw new StepFailed(label + ": " + name + " is loaded already (srcversion " + foreign.srcversion()
                    + "), and it is neither the module this step loads nor one an interrupted run of board '"
                    + run.connection.profile().name() + "' loaded; unload it on the board (rmmod " + name
                    + ") and run again");
        }
        if (!(f instanceof LeftoverModule.Finding.Ours ours)) {
            return "";
        }
        String said = name + " (srcversion " + ours.srcversion() + ") was loaded already, " + ours.why()
                + ": unloading it before loading";
        run.monitor.message(said);
        UnloadOutcome u = modules.unload(run.connection, name, KmodProgress.NONE);
        if (u instanceof UnloadOutcome.Failed failed) {
            throw new StepFailed(label + ": " + said + " failed: rmmod " + name + ": " + failed.rmmodMessage());
        }
        return said + "; ";
    }

    private static Optional<String> srcversionOf(Path ko) {
        try {
            return ModinfoReader.read(ko).srcversion();
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // the load itself names what is wrong with the file
        }
    }

    /** srcversion of the module file modprobe would load, from modinfo on the board. */
    private static Optional<String> boardSrcversion(Run run, String name) throws TransportException {
        ExecResult info = run.connection.run(Command.of("modinfo").arg(name), SHORT);
        return info.stdoutText().lines().filter(l -> l.startsWith("srcversion:"))
                .map(l -> l.substring("srcversion:".length()).strip()).findFirst();
    }

    /** Identity of the module file modprobe loads: its path from modinfo, its bytes read back from the board. */
    private ModuleIdentity boardModuleIdentity(Run run, String module, Map<String, String> params)
            throws TransportException, IOException, StepFailed {
        // module names take '_' for '-' everywhere; busybox's modinfo only finds the '_' form
        ExecResult info = run.connection.run(Command.of("modinfo").arg(module.replace('-', '_')), SHORT);
        String path = info.stdoutText().lines().filter(l -> l.startsWith("filename:"))
                .map(l -> l.substring("filename:".length()).strip()).findFirst().orElse("");
        if (!info.succeeded() || path.isEmpty()) {
            throw new StepFailed("modinfo " + module + " shows no file name: " + info.stderrText().strip());
        }
        // plain 'cat FILE' (not readFile's 'cat -- FILE': busybox and the simulated board's cat take no '--')
        ExecResult file = run.connection.run(Command.of("cat").arg(path), Duration.ofMinutes(2));
        if (!file.succeeded()) {
            throw new StepFailed("cannot read the module file " + path + ": " + file.stderrText().strip());
        }
        byte[] bytes = file.stdout();
        Path tmp = Files.createTempFile("wqlab-module", ".ko");
        try {
            Files.write(tmp, bytes);
            ModuleInfo moduleInfo = ModinfoReader.read(tmp);
            return ModuleIdentity.of(tmp, moduleInfo, new ModuleParameters(params));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
