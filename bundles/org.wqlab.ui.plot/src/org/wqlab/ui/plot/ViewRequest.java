package org.wqlab.ui.plot;

/**
 * What the UI wants drawn, handed to the frame thread as one immutable value: follow the newest data with a rolling
 * window of {@code windowUs}, or show the fixed window [fixedFromS, fixedToS); {@code columns} is the plot's width
 * in pixels, {@code height} its height and {@code lineHeight} the height of one label row (the frame thread keeps
 * a strip at the top free of data for the labels). {@code generation} grows with every change, so the frame thread knows the view changed.
 */
record ViewRequest(long generation, boolean following, long windowUs, double fixedFromS, double fixedToS,
        int columns, int height, int lineHeight, boolean logY, boolean paused) {

    ViewRequest next(boolean newFollowing, long newWindowUs, double newFromS, double newToS, int newColumns,
            int newHeight, int newLineHeight, boolean newLogY, boolean newPaused) {
        return new ViewRequest(generation + 1, newFollowing, newWindowUs, newFromS, newToS, Math.max(1, newColumns),
                Math.max(1, newHeight), Math.max(0, newLineHeight), newLogY, newPaused);
    }
}
