package org.wqlab.predict;

import java.util.List;

import org.wqlab.sim.SimulatedBoardProfile;

/**
 * A simulated twin of a board: the simulator profile fitted to its recorded runs, the monitor setup those runs used,
 * every parameter with where its value comes from, and the fit's residual for each run.
 */
public record Twin(SimulatedBoardProfile profile, MonitorSetup monitor, long typicalCachedBytes,
        List<FittedParameter> parameters, List<Residual> residuals) {

    public Twin {
        parameters = List.copyOf(parameters);
        residuals = List.copyOf(residuals);
    }

    /** The board's CPUs (for a what-if's interrupt CPU). */
    public int cpus() {
        return profile.cpus();
    }

    /** The CPU serving the USB interrupt on the board. */
    public int usbIrqCpu() {
        return profile.usbIrqCpu();
    }

    /** The largest residual relative to its run's measured figure: the prediction's range is widened by it. */
    public double worstResidualFraction() {
        return residuals.stream().mapToDouble(r -> Math.abs(r.residualFraction())).max().orElse(0);
    }
}
