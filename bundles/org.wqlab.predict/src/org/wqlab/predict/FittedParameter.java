package org.wqlab.predict;

/**
 * One parameter of a twin and where its value comes from: {@link #FACTS} (what the runs probed), {@link #FITTED}
 * (from the measured delays), or {@link #BASE} (the built-in profile's, neither probed nor determined by the runs).
 */
public record FittedParameter(String key, String name, String value, String source) {

    public static final String FACTS = "board facts";
    public static final String FITTED = "fitted";
    public static final String BASE = "base profile (not determined by the runs)";
}
