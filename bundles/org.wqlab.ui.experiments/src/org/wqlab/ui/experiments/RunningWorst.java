package org.wqlab.ui.experiments;

import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.experiments.model.DelayText;
import org.wqlab.analysis.experiments.ExperimentSummary;

/**
 * The worst delay of an experiment as the Experiments view shows it: while its run goes on, the largest delay its live
 * session has received so far ("1929.0 ms so far"); otherwise the recorded figure.
 */
final class RunningWorst {

    private RunningWorst() {
    }

    static String text(ExperimentSummary s) {
        if (s.status() != ExperimentStatus.RUNNING) {
            return DelayText.ms(s.worstUs());
        }
        long us = us(s);
        return (us == ExperimentSummary.UNKNOWN ? "-" : DelayText.ms(us)) + " so far";
    }

    static long us(ExperimentSummary s) {
        if (s.status() != ExperimentStatus.RUNNING) {
            return s.worstUs();
        }
        return WorkbenchServices.get(LiveSessions.class).recording(s.dir()).map(LiveSession::stats)
                .map(stats -> stats.count() == 0 ? ExperimentSummary.UNKNOWN : (long) stats.maxUs())
                .orElse(s.worstUs());
    }
}
