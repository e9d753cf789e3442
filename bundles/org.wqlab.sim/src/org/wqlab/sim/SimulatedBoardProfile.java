package org.wqlab.sim;

/**
 * A simulated board: hardware, kernel and the costs and rates the model runs on. Profiles never hold delay figures;
 * delays come out of the mechanism. Loaded from JSON ({@link Profiles}); field names are the JSON keys.
 *
 * @param ioCompletionBatchBytes bytes read from the stick per block-completion work item on the USB interrupt's CPU
 *        (the batch it completes; each batch varies by +-20 % with the seeded random source), 0 for none
 * @param ioCompletionNsPerPage CPU time that work item spends per page of its batch
 * @param cpuIntensiveThreshUs {@code workqueue.cpu_intensive_thresh_us} as set on the command line, or null for the
 *        kernel's default (10000 us, scaled up for BogoMIPS below 4000 on >= 6.5)
 * @param hubIgnoresPowerOff the stick's hub claims per-port power switching but never cuts VBUS: a port power-off
 *        request (uhubctl) is answered and nothing is disconnected (absent: false)
 * @param noTracefsInstances tracefs is mounted but has no {@code instances} directory (an old or locked-down
 *        kernel): no tracing in an instance of one's own (absent: false)
 */
public record SimulatedBoardProfile(
        String name,
        String description,
        String hostname,
        String machine,
        String kernelRelease,
        String kernelBuild,
        String vermagic,
        int cpus,
        int hz,
        double bogomips,
        long ramBytes,
        long cacheReserveBytes,
        int pageSize,
        long invalidateNsPerPage,
        long teardownCpuNs,
        long hubEventSleepBeforeNs,
        long hubEventSleepAfterNs,
        long usbReadBytesPerSecond,
        long cachedReadBytesPerSecond,
        long ioCompletionBatchBytes,
        long ioCompletionNsPerPage,
        int usbIrq,
        int usbIrqCpu,
        String usbDevice,
        int usbDeviceNumber,
        long stickBytes,
        long sampleFileBytes,
        long monitorWorkCpuNs,
        Long cpuIntensiveThreshUs,
        boolean cpuIntensiveReport,
        long seed,
        boolean hubIgnoresPowerOff,
        boolean noTracefsInstances) {

    /** Checks every field and names the first bad one. */
    public SimulatedBoardProfile validate(String source) {
        require(name != null && !name.isBlank(), source, "name", "missing");
        require(kernelRelease != null && kernelRelease.matches("\\d+\\.\\d+.*"), source, "kernelRelease",
                "must start with <major>.<minor>, got " + kernelRelease);
        require(vermagic != null && !vermagic.isBlank(), source, "vermagic", "missing");
        require(cpus >= 1 && cpus <= 64, source, "cpus", "must be 1..64, got " + cpus);
        require(hz == 100 || hz == 250 || hz == 300 || hz == 1000, source, "hz", "must be 100, 250, 300 or 1000, got " + hz);
        require(bogomips > 0, source, "bogomips", "must be > 0");
        require(ramBytes > cacheReserveBytes && cacheReserveBytes >= 0, source, "ramBytes",
                "must exceed cacheReserveBytes");
        require(pageSize > 0, source, "pageSize", "must be > 0");
        require(invalidateNsPerPage >= 0, source, "invalidateNsPerPage", "must be >= 0");
        require(usbReadBytesPerSecond > 0, source, "usbReadBytesPerSecond", "must be > 0");
        require(cachedReadBytesPerSecond > 0, source, "cachedReadBytesPerSecond", "must be > 0");
        require(ioCompletionBatchBytes >= 0, source, "ioCompletionBatchBytes", "must be >= 0 (0 = no completion work)");
        require(ioCompletionNsPerPage >= 0, source, "ioCompletionNsPerPage", "must be >= 0");
        require(usbIrqCpu >= 0 && usbIrqCpu < cpus, source, "usbIrqCpu", "must be a CPU of the board");
        require(usbDevice != null && usbDevice.matches("\\d+-[\\d.]+"), source, "usbDevice", "must look like 2-1");
        require(sampleFileBytes >= 0 && sampleFileBytes <= stickBytes, source, "sampleFileBytes",
                "must fit on the stick (stickBytes)");
        require(cpuIntensiveThreshUs == null || cpuIntensiveThreshUs > 0, source, "cpuIntensiveThreshUs",
                "must be > 0 or absent");
        return this;
    }

    private static void require(boolean ok, String source, String field, String problem) {
        if (!ok) {
            throw new IllegalArgumentException(source + ": field " + field + ": " + problem);
        }
    }

    public long tickNs() {
        return 1_000_000_000L / hz;
    }

    public int kernelMajor() {
        return Integer.parseInt(kernelRelease.split("\\.")[0]);
    }

    public int kernelMinor() {
        return Integer.parseInt(kernelRelease.split("\\.")[1].replaceAll("\\D.*", ""));
    }

    /** Linux 6.5 added the automatic CPU_INTENSIVE marking of long-running per-CPU work items. */
    public boolean hasAutoCpuIntensive() {
        return kernelMajor() > 6 || (kernelMajor() == 6 && kernelMinor() >= 5);
    }

    /** The page cache can use RAM minus what the kernel and userspace keep. */
    public long cacheLimitPages() {
        return (ramBytes - cacheReserveBytes) / pageSize;
    }

    public SimulatedBoardProfile withHz(int newHz) {
        return with(newHz, cpuIntensiveThreshUs, hubIgnoresPowerOff, noTracefsInstances);
    }

    public SimulatedBoardProfile withCpuIntensiveThreshUs(Long thresh) {
        return with(hz, thresh, hubIgnoresPowerOff, noTracefsInstances);
    }

    /** This board with the stick behind a hub that does not cut power ({@code on}) or one that does. */
    public SimulatedBoardProfile withHubIgnoringPowerOff(boolean on) {
        return with(hz, cpuIntensiveThreshUs, on, noTracefsInstances);
    }

    /** This board with tracefs instances ({@code on}: without). */
    public SimulatedBoardProfile withoutTracefsInstances(boolean on) {
        return with(hz, cpuIntensiveThreshUs, hubIgnoresPowerOff, on);
    }

    private SimulatedBoardProfile with(int newHz, Long thresh, boolean hubIgnoring, boolean noInstances) {
        return new SimulatedBoardProfile(name, description, hostname, machine, kernelRelease, kernelBuild, vermagic,
                cpus, newHz, bogomips, ramBytes, cacheReserveBytes, pageSize, invalidateNsPerPage, teardownCpuNs,
                hubEventSleepBeforeNs, hubEventSleepAfterNs, usbReadBytesPerSecond, cachedReadBytesPerSecond,
                ioCompletionBatchBytes, ioCompletionNsPerPage, usbIrq,
                usbIrqCpu, usbDevice, usbDeviceNumber, stickBytes, sampleFileBytes, monitorWorkCpuNs,
                thresh, cpuIntensiveReport, seed, hubIgnoring, noInstances);
    }
}
