package org.wqlab.predict;

/**
 * What a prediction changes against the twin; null (or false) keeps the twin's own.
 *
 * @param cachedBytes the stick's page cache before the pull (the copy's size), or null for the twin's typical run
 * @param threshUs    {@code workqueue.cpu_intensive_thresh_us} set on the command line, or null for the default
 * @param kernel      a kernel line such as {@code 6.12}, or null for the board's
 */
public record WhatIf(Long cachedBytes, Long threshUs, Integer irqCpu, String kernel, boolean umount) {

    public static final WhatIf NONE = new WhatIf(null, null, null, null, false);

    public WhatIf {
        if (kernel != null && !kernel.matches("\\d+\\.\\d+.*")) {
            throw new IllegalArgumentException("kernel line must look like 6.12, got '" + kernel + "'");
        }
        if (threshUs != null && threshUs <= 0) {
            throw new IllegalArgumentException("workqueue.cpu_intensive_thresh_us must be > 0, got " + threshUs);
        }
        if (cachedBytes != null && cachedBytes < 0) {
            throw new IllegalArgumentException("the cached size must be >= 0, got " + cachedBytes);
        }
    }

    public WhatIf withCachedBytes(long bytes) {
        return new WhatIf(bytes, threshUs, irqCpu, kernel, umount);
    }
}
