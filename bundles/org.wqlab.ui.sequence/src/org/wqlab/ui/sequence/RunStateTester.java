package org.wqlab.ui.sequence;

import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.services.IEvaluationService;

/**
 * {@code org.wqlab.ui.sequence.runGoingOn}: whether a sequence run goes on. Cancel Run's enabledWhen tests it without
 * activating this bundle, so the button is disabled from the start, before anything of wqlab's runs is loaded.
 */
public final class RunStateTester extends PropertyTester {
    public static final String NAMESPACE = "org.wqlab.ui.sequence";
    public static final String RUN_GOING_ON = "runGoingOn";

    @Override
    public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
        boolean going = Job.getJobManager().find(SequenceRunJob.FAMILY).length > 0;
        return expectedValue == null ? going : Boolean.valueOf(going).equals(expectedValue);
    }

    /** Asks the workbench to test again (the expressions that use this property): a run started or ended. */
    static void runsChanged() {
        if (!PlatformUI.isWorkbenchRunning()) {
            return;
        }
        Display display = PlatformUI.getWorkbench().getDisplay();
        display.asyncExec(() -> {
            IEvaluationService evaluation = PlatformUI.getWorkbench().getService(IEvaluationService.class);
            if (evaluation != null) {
                evaluation.requestEvaluation(NAMESPACE + "." + RUN_GOING_ON);
            }
        });
    }
}
