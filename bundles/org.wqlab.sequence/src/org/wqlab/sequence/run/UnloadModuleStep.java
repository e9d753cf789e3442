package org.wqlab.sequence.run;

import org.wqlab.kmod.KmodException;
import org.wqlab.kmod.KmodProgress;
import org.wqlab.kmod.ModuleManager;
import org.wqlab.kmod.UnloadOutcome;
import org.wqlab.sequence.ResolvedStep;
import org.wqlab.target.TransportException;

/** {@code unload-module}: rmmod; a module that was not loaded is said, not failed. */
final class UnloadModuleStep implements StepExecutor {

    private final ModuleManager modules;

    UnloadModuleStep(ModuleManager modules) {
        this.modules = modules;
    }

    @Override
    public String execute(Run run, ResolvedStep step, String label) throws StepFailed, TransportException {
        String name = step.moduleName().replace('-', '_');
        try {
            UnloadOutcome outcome = modules.unload(run.connection, name, KmodProgress.NONE);
            run.loadedModules.remove(name);
            if (outcome instanceof UnloadOutcome.Failed f) {
                throw new StepFailed(label + ": rmmod " + name + ": " + f.rmmodMessage());
            }
            return outcome instanceof UnloadOutcome.WasNotLoaded ? name + " was not loaded" : "unloaded " + name;
        } catch (KmodException e) {
            throw new StepFailed(label + ": " + e.getMessage());
        }
    }
}
