package org.wqlab.kmod;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.wqlab.core.elf.ModinfoReader;
import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * Check, deploy, load, verify and unload a kernel module on a board, over the transport API only. Every value that
 * reaches the board's shell goes through {@link Command#arg}.
 */
public final class ModuleManager {

    private final Duration commandTimeout;
    private final Duration uploadTimeout;

    public ModuleManager() {
        this(Duration.ofSeconds(30), Duration.ofMinutes(5));
    }

    public ModuleManager(Duration commandTimeout, Duration uploadTimeout) {
        this.commandTimeout = commandTimeout;
        this.uploadTimeout = uploadTimeout;
    }

    /** Reads the module file; a file that is not a kernel module is an error naming it. */
    public static ModuleInfo inspect(Path moduleFile) throws KmodException {
        try {
            return ModinfoReader.read(moduleFile);
        } catch (IOException e) {
            throw new KmodException(e.getMessage(), e);
        }
    }

    /** The checks done before anything is copied: parameters, then the board's kernel. */
    public LoadOutcome check(BoardConnection connection, LoadRequest request, ModuleInfo info)
            throws TransportException, KmodException {
        List<String> parameterProblems = ParameterCheck.problems(info, request.parameters());
        if (!parameterProblems.isEmpty()) {
            return new LoadOutcome.InvalidParameters(parameterProblems);
        }
        BoardKernel kernel = BoardKernel.probe(connection, commandTimeout);
        List<String> problems = CompatibilityCheck.problems(info, kernel);
        return problems.isEmpty() ? null : new LoadOutcome.Incompatible(problems);
    }

    public LoadOutcome deployAndLoad(BoardConnection connection, LoadRequest request, KmodProgress progress)
            throws TransportException, KmodException {
        progress.step("Reading " + request.moduleFile().getFileName());
        ModuleInfo info = inspect(request.moduleFile());
        String name = info.name().orElse("");
        progress.step("Checking the module against the board's kernel");
        LoadOutcome refused = check(connection, request, info);
        if (refused != null) {
            return refused;
        }
        ModuleStatus.checkName(name);
        ModuleIdentity identity;
        try {
            identity = ModuleIdentity.of(request.moduleFile(), info, request.parameters());
        } catch (IOException e) {
            throw new KmodException("cannot read " + request.moduleFile() + ": " + e.getMessage(), e);
        }
        String remotePath = request.remotePath();
        progress.step("Copying to " + remotePath);
        mkdirs(connection, request.remoteDir());
        connection.upload(request.moduleFile(), remotePath, progress, uploadTimeout);

        progress.step("Loading " + name);
        DmesgWindow window = DmesgWindow.mark(connection, commandTimeout);
        Command insmod = request.pinCpu().isPresent()
                ? Command.of("taskset").word("-c").arg(Integer.toString(request.pinCpu().getAsInt())).word("insmod")
                : Command.of("insmod");
        insmod = insmod.arg(remotePath);
        for (String argument : request.parameters().arguments()) {
            insmod = insmod.arg(argument);
        }
        ExecResult result = connection.run(insmod, commandTimeout);
        List<String> words = List.of(name, request.moduleFile().getFileName().toString(), "Unknown symbol",
                "version magic", "disagrees about version");
        if (!result.succeeded()) {
            String message = (result.stderrText() + result.stdoutText()).strip();
            List<String> dmesg = window.newLines(connection, commandTimeout, words);
            KernelError error = KernelError.classify(message);
            if (error == KernelError.FILE_EXISTS) {
                return new LoadOutcome.AlreadyLoaded(name, ModuleStatus.read(connection, name, commandTimeout),
                        remotePath, dmesg);
            }
            return new LoadOutcome.KernelRefused(error, message, remotePath, dmesg);
        }

        progress.step("Verifying " + name + " in /proc/modules and /sys/module/" + name + "/parameters");
        return verify(connection, identity, remotePath, request.parameters(), window, words);
    }

    /** Unloads the module of the same name, then deploys and loads: the answer to {@link LoadOutcome.AlreadyLoaded}. */
    public LoadOutcome reload(BoardConnection connection, LoadRequest request, KmodProgress progress)
            throws TransportException, KmodException {
        String name = inspect(request.moduleFile()).name().orElse("");
        UnloadOutcome unloaded = unload(connection, name, progress);
        if (unloaded instanceof UnloadOutcome.Failed failed) {
            return new LoadOutcome.KernelRefused(KernelError.classify(failed.rmmodMessage()),
                    "rmmod " + name + ": " + failed.rmmodMessage(), request.remotePath(), failed.dmesgLines());
        }
        return deployAndLoad(connection, request, progress);
    }

    public UnloadOutcome unload(BoardConnection connection, String name, KmodProgress progress)
            throws TransportException, KmodException {
        ModuleStatus.checkName(name);
        if (!ModuleStatus.isListed(connection, name, commandTimeout)) {
            return new UnloadOutcome.WasNotLoaded(name);
        }
        progress.step("Unloading " + name);
        DmesgWindow window = DmesgWindow.mark(connection, commandTimeout);
        ExecResult result = connection.run(Command.of("rmmod").arg(name), commandTimeout);
        boolean stillListed = ModuleStatus.isListed(connection, name, commandTimeout);
        if (!result.succeeded() || stillListed) {
            String message = (result.stderrText() + result.stdoutText()).strip();
            return new UnloadOutcome.Failed(name, message.isEmpty() ? "still listed in /proc/modules" : message,
                    window.newLines(connection, commandTimeout, List.of(name)));
        }
        return new UnloadOutcome.Unloaded(name);
    }

    public ModuleState state(BoardConnection connection, String name) throws TransportException, KmodException {
        return ModuleStatus.read(connection, name, commandTimeout);
    }

    private LoadOutcome verify(BoardConnection connection, ModuleIdentity identity, String remotePath,
            ModuleParameters asked, DmesgWindow window, List<String> words) throws TransportException, KmodException {
        ModuleState state = ModuleStatus.read(connection, identity.name(), commandTimeout);
        if (!(state instanceof ModuleState.Loaded loaded)) {
            return new LoadOutcome.NotVerified(List.of("insmod succeeded but /proc/modules does not list "
                    + identity.name()), remotePath, window.newLines(connection, commandTimeout, words));
        }
        Map<String, String> shown = loaded.parameters();
        List<String> problems = new ArrayList<>();
        List<String> unverified = new ArrayList<>();
        asked.values().forEach((key, value) -> {
            String actual = shown.get(key);
            if (actual == null) {
                unverified.add(key);
            } else if (!ModuleStatus.sameValue(value, actual)) {
                problems.add("parameter " + key + ": asked for " + value + ", /sys/module/" + identity.name()
                        + "/parameters/" + key + " shows " + actual);
            }
        });
        if (!problems.isEmpty()) {
            return new LoadOutcome.NotVerified(problems, remotePath, window.newLines(connection, commandTimeout, words));
        }
        return new LoadOutcome.Loaded(identity, remotePath, shown, unverified);
    }

    private void mkdirs(BoardConnection connection, String dir) throws TransportException, KmodException {
        ExecResult result = connection.run(Command.of("mkdir").word("-p").arg(dir), commandTimeout);
        if (!result.succeeded()) {
            throw new KmodException("board '" + connection.profile().name() + "': cannot create " + dir + ": "
                    + result.stderrText().strip());
        }
    }
}
