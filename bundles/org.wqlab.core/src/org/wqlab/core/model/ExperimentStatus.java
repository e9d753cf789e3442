package org.wqlab.core.model;

import java.util.Locale;

import com.google.gson.annotations.SerializedName;

/**
 * How a run ended. {@link #RUNNING} is what the file says while a run is under way; it is believed only while the
 * run's lock is held (see {@code org.wqlab.core.store.RunLock}), otherwise the experiment reads as
 * {@link #INTERRUPTED}.
 */
public enum ExperimentStatus {
    @SerializedName("running") RUNNING,
    @SerializedName("completed") COMPLETED,
    @SerializedName("cancelled") CANCELLED,
    @SerializedName("interrupted") INTERRUPTED,
    @SerializedName("failed") FAILED;

    /** The word in experiment.json and in the user interface. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
