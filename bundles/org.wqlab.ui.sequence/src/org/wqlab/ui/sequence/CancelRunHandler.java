package org.wqlab.ui.sequence;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.HandlerEvent;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;

/** Cancel Run: cancels the sequence runs going on (their cleanup still runs). Enabled while one runs. */
public final class CancelRunHandler extends AbstractHandler {

    private final JobChangeAdapter runs = new JobChangeAdapter() {
        @Override
        public void scheduled(IJobChangeEvent event) {
            changed(event);
        }

        @Override
        public void done(IJobChangeEvent event) {
            changed(event);
        }

        private void changed(IJobChangeEvent event) {
            if (event.getJob().belongsTo(SequenceRunJob.FAMILY) && PlatformUI.isWorkbenchRunning()) {
                Display display = PlatformUI.getWorkbench().getDisplay();
                display.asyncExec(() -> fireHandlerChanged(new HandlerEvent(CancelRunHandler.this, true, false)));
            }
        }
    };

    public CancelRunHandler() {
        Job.getJobManager().addJobChangeListener(runs);
    }

    @Override
    public Object execute(ExecutionEvent event) {
        for (Job job : Job.getJobManager().find(SequenceRunJob.FAMILY)) {
            job.cancel();
        }
        return null;
    }

    @Override
    public boolean isEnabled() {
        return Job.getJobManager().find(SequenceRunJob.FAMILY).length > 0;
    }

    @Override
    public void dispose() {
        Job.getJobManager().removeJobChangeListener(runs);
        super.dispose();
    }
}
