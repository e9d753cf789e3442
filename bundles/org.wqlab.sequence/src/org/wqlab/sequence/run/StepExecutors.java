package org.wqlab.sequence.run;

import java.util.EnumMap;
import java.util.Map;

import org.wqlab.kmod.ModuleManager;
import org.wqlab.sequence.StepType;

/** One {@link StepExecutor} per step type; a new step type is one more executor here. */
final class StepExecutors {

    private final Map<StepType, StepExecutor> byType = new EnumMap<>(StepType.class);

    StepExecutors(ModuleManager modules, RepeatStep.StepList steps) {
        // the runner connects before the first step; this step records how the kernel log is read
        byType.put(StepType.CONNECT, (run, step, label) -> "connected to " + run.connection.profile().name()
                + "; kernel log: " + run.logMode());
        byType.put(StepType.LOAD_MODULE, new LoadModuleStep(modules));
        byType.put(StepType.UNLOAD_MODULE, new UnloadModuleStep(modules));
        byType.put(StepType.RUN, new RunCommandStep());
        byType.put(StepType.WAIT_LOG, new WaitLogStep());
        byType.put(StepType.SLEEP, new SleepStep());
        byType.put(StepType.USB_DISCONNECT, new UsbDisconnectStep());
        byType.put(StepType.USB_RECONNECT, new UsbReconnectStep());
        byType.put(StepType.MARK, (run, step, label) -> {
            String text = step.text("label");
            run.kernelLog.write(KmsgLine.of("mark " + text));
            return text;
        });
        byType.put(StepType.REPEAT, new RepeatStep(steps));
        for (StepType t : StepType.values()) {
            if (!byType.containsKey(t)) {
                throw new IllegalStateException("no executor for step type " + t.id());
            }
        }
    }

    StepExecutor of(StepType type) {
        return byType.get(type);
    }
}
