package org.wqlab.ui.kmod;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.wqlab.kmod.KmodException;
import org.wqlab.kmod.KmodProgress;
import org.wqlab.target.TransportException;

/**
 * One long module step (build, deploy + load, unload, state) off the UI thread, its steps shown as the Job's progress.
 * The result or the error goes to {@code done} as text; the part shows it on the UI thread.
 */
final class KmodJob extends Job {

    static final Object FAMILY = new Object();

    @FunctionalInterface
    interface Step {
        Object run(KmodProgress progress) throws TransportException, KmodException, InterruptedException;
    }

    @FunctionalInterface
    interface Done {
        void finished(Object result, String error);
    }

    private final Step step;
    private final Done done;

    KmodJob(String name, Step step, Done done) {
        super(name);
        this.step = step;
        this.done = done;
        setUser(true);
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        monitor.beginTask(getName(), IProgressMonitor.UNKNOWN);
        KmodProgress progress = new KmodProgress() {
            @Override
            public void step(String description) {
                monitor.subTask(description);
                monitor.worked(1);
            }

            @Override
            public boolean transferred(long bytesDone, long bytesTotal) {
                monitor.subTask("Copied " + bytesDone + " of " + bytesTotal + " bytes");
                return !monitor.isCanceled();
            }
        };
        try {
            done.finished(step.run(progress), null);
            return Status.OK_STATUS;
        } catch (TransportException | KmodException e) {
            done.finished(null, e.getMessage());
            return Status.OK_STATUS; // shown in the part; no error dialog on top of it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done.finished(null, "cancelled");
            return Status.CANCEL_STATUS;
        } catch (RuntimeException e) {
            done.finished(null, e.toString());
            return Status.error(getName() + " failed", e);
        } finally {
            monitor.done();
        }
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }
}
