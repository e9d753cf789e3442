package org.wqlab.core.model;

import com.google.gson.annotations.SerializedName;

public enum ExperimentStatus {
    @SerializedName("completed") COMPLETED,
    @SerializedName("interrupted") INTERRUPTED,
    @SerializedName("failed") FAILED
}
