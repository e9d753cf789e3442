package org.wqlab.target.facts;

import java.util.List;
import java.util.OptionalLong;

/**
 * What a board is, probed on connect and kept with its profile.
 *
 * @param hz the kernel tick rate; 0 when it could not be determined
 * @param cpuIntensiveThresholdUs workqueue.cpu_intensive_thresh_us, empty on kernels without the parameter
 */
public record BoardFacts(String uname, int cpuCount, double bogoMips, int hz, HzSource hzSource, long memTotalKb,
        String kernelCommandLine, OptionalLong cpuIntensiveThresholdUs, List<UsbStorageDevice> usbStorage) {

    public enum HzSource {
        /** CONFIG_HZ from /proc/config.gz. */
        PROC_CONFIG_GZ,
        /** CONFIG_HZ from /boot/config-$(uname -r). */
        BOOT_CONFIG,
        /** jiffies counted over one second in /proc/timer_list, rounded to a standard rate. */
        ESTIMATED,
        UNKNOWN
    }

    public BoardFacts {
        usbStorage = List.copyOf(usbStorage);
    }
}
