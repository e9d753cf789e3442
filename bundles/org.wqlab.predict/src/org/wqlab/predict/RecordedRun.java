package org.wqlab.predict;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFactsProbe;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.AttributedDelay;
import org.wqlab.analysis.VerdictFacts;
import org.wqlab.analysis.experiments.RunRecord;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;

/**
 * What a calibration takes from one recorded experiment: the board facts the run probed, the stick's page cache before
 * the pull, how the monitor was set, and the worst delay measured after the pull.
 *
 * @param cachedBytes   the stick's share of the page cache before the pull (run.json; see {@link #stickCachedKb})
 * @param threshUs      {@code cpu_intensive_thresh_us} as read from the board, or null when not read
 * @param hz            CONFIG_HZ from the board's config, or -1 when not read
 * @param bogomips      BogoMIPS from /proc/cpuinfo, or 0 when not read
 * @param usbIrqCpu     the CPU serving the USB interrupt from the facts, or -1 when unknown
 * @param stallCpu      the CPU the worst delay was attributed to (analysis.json), or -1
 * @param measuredWorstUs the worst delay reported after the (first) disconnect
 */
public record RecordedRun(Path dir, String id, String name, String board, String kernelRelease, String machine,
        int cpus, int hz, double bogomips, Long threshUs, int usbIrqCpu, int stallCpu, long cachedBytes,
        MonitorSetup monitor, long measuredWorstUs) {

    public RecordedRun {
        Objects.requireNonNull(kernelRelease, "kernelRelease");
        Objects.requireNonNull(monitor, "monitor");
    }

    /** Reads an experiment folder; a run calibration cannot use is refused naming the folder and what it lacks. */
    public static RecordedRun read(ExperimentFolder folder) throws InputException {
        LoadedExperiment loaded = ExperimentLoader.load(folder);
        ExperimentMetadata m = loaded.metadata();
        Map<String, String> facts = m.boardFacts();
        Path dir = folder.dir();
        String release = facts.get(AnalysisFactsProbe.KERNEL_RELEASE);
        if (release == null || !release.matches("\\d+\\.\\d+.*")) {
            throw new InputException(dir.resolve("experiment.json"), 0,
                    "no kernel release in the board facts: a calibration needs runs recorded by wqlab run");
        }
        Statistics stats = loaded.statistics();
        if (stats.disconnects().isEmpty()) {
            throw new InputException(folder.kernelLog(), 0, "no USB disconnect in the kernel log: nothing to fit");
        }
        DisconnectImpact pull = stats.disconnects().get(0);
        if (pull.worstDelayUs() == null) {
            throw new InputException(folder.kernelLog(), pull.line(),
                    "no delay was reported after the USB disconnect: nothing to fit");
        }
        long cachedKb = stickCachedKb(dir, facts);
        if (cachedKb < 0) {
            throw new InputException(dir.resolve(RunRecord.FILE), 0,
                    "no Cached size before the disconnect (cachedKbBeforeDisconnect): the fit needs the page cache size");
        }
        VerdictFacts f = VerdictFacts.from(facts, null);
        return new RecordedRun(dir, folder.id(), m.name(), facts.getOrDefault("board", ""), release,
                facts.getOrDefault("machine", ""), f.cpus(), f.hz(), f.bogomips(), f.cpuIntensiveThreshUs(),
                f.usbIrqCpu(), stallCpu(folder), cachedKb * 1024, MonitorSetup.of(m.parameters()),
                pull.worstDelayUs());
    }

    /**
     * The stick's share of the page cache before the pull: what the copy added (Cached before the pull minus the
     * lowest Cached a step printed before the copy), else what the copy steps say they copied when Cached held at
     * least that (a run that did not drop the cache first also holds the board's own files, which the pull does not
     * invalidate), else all of Cached; -1 when the run recorded no Cached.
     */
    private static long stickCachedKb(Path dir, Map<String, String> facts) {
        long copiedKb = RunRecord.copiedCachedKb(dir);
        if (copiedKb >= 0) {
            return copiedKb;
        }
        long cachedKb = RunRecord.cachedKb(dir);
        long copiedBytes = VerdictFacts.from(facts, dir.resolve(RunRecord.FILE)).copiedBytesBeforeDisconnect();
        return copiedBytes > 0 && cachedKb >= copiedBytes / 1024 ? copiedBytes / 1024 : cachedKb;
    }

    /** Linux 6.5 added the automatic CPU_INTENSIVE marking. */
    public boolean autoCpuIntensive() {
        String[] v = kernelRelease.split("[.]");
        int major = Integer.parseInt(v[0]);
        int minor = Integer.parseInt(v[1].replaceAll("\\D.*", ""));
        return major > 6 || (major == 6 && minor >= 5);
    }

    public double cachedMib() {
        return cachedBytes / 1048576.0;
    }

    private static int stallCpu(ExperimentFolder folder) {
        try {
            Optional<Analysis> a = AnalysisFiles.read(folder);
            AttributedDelay worst = a.map(Analysis::worst).orElse(null);
            return worst == null ? -1 : worst.cpu();
        } catch (InputException e) {
            return -1; // the analysis is optional: the facts or the monitor's CPU say it otherwise
        }
    }
}
