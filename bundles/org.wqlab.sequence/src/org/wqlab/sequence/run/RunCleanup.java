package org.wqlab.sequence.run;

import java.util.List;

import org.wqlab.kmod.KmodException;
import org.wqlab.kmod.KmodProgress;
import org.wqlab.kmod.ModuleManager;
import org.wqlab.kmod.UnloadOutcome;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDriverException;

/**
 * What a run leaves on the board, taken back whatever ended it: the stick given back if software took it, every
 * module the run loaded unloaded, the trace instance removed. After a dropped connection it reconnects (3 tries, 1 s
 * apart) to do so. Each thing done or not done is a line of {@code run.cleanup}.
 */
final class RunCleanup {

    private static final int RECONNECT_TRIES = 3;
    private static final long RECONNECT_PAUSE_MS = 1000;

    private final ModuleManager modules;

    RunCleanup(ModuleManager modules) {
        this.modules = modules;
    }

    void cleanUp(Run run) {
        if (run.loadedModules.isEmpty() && run.unpluggedBy == null && !traceActive(run)) {
            return;
        }
        if (!connected(run) && !reconnect(run)) {
            return;
        }
        if (run.unpluggedBy != null) {
            giveStickBack(run);
        }
        for (String name : List.copyOf(run.loadedModules)) {
            unload(run, name);
        }
        stopTrace(run);
    }

    private static boolean connected(Run run) {
        return run.connection != null && run.connection.isOpen();
    }

    private static boolean traceActive(Run run) {
        return run.trace != null && run.trace.active();
    }

    /** @return whether there is a connection again */
    private static boolean reconnect(Run run) {
        run.cleanup.add("connection lost: reconnecting to clean up");
        for (int attempt = 1; attempt <= RECONNECT_TRIES && !connected(run); attempt++) {
            try {
                run.connection = run.board.connector().connect();
            } catch (TransportException e) {
                run.cleanup.add("reconnect " + attempt + ": " + e.getMessage());
                try {
                    Thread.sleep(RECONNECT_PAUSE_MS);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        if (!connected(run)) {
            run.cleanup.add("not cleaned up: the board is unreachable; unload " + run.loadedModules
                    + " on the next connect" + (traceActive(run)
                            ? "; remove the trace instance " + run.trace.instanceDir() : ""));
            return false;
        }
        return true;
    }

    private static void giveStickBack(Run run) {
        try {
            UsbAction a = run.unpluggedAction;
            run.unpluggedBy.reconnect(new UsbAction(run.connection, a.device(), a.hub(), a.port(), a.message(),
                    a.countdown(), a.prompt(), a.timeout()));
            run.cleanup.add("USB " + a.device() + " reconnected with " + run.unpluggedBy.id());
        } catch (TransportException | UsbDriverException e) {
            run.cleanup.add("USB reconnect failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void unload(Run run, String name) {
        try {
            UnloadOutcome o = modules.unload(run.connection, name, KmodProgress.NONE);
            run.cleanup.add(o instanceof UnloadOutcome.Failed f ? "unload " + name + " failed: " + f.rmmodMessage()
                    : "module " + name + (o instanceof UnloadOutcome.Unloaded ? " unloaded" : " was not loaded"));
            run.loadedModules.remove(name);
        } catch (TransportException | KmodException e) {
            run.cleanup.add("unload " + name + " failed: " + e.getMessage());
        }
    }

    /** Removes wqlab's trace instance; what it says goes into run.json's trace and cleanup. */
    private static void stopTrace(Run run) {
        if (traceActive(run)) {
            String done = run.trace.stop(run.connection);
            run.traceRecord.add(done);
            run.cleanup.add(done);
        }
    }
}
