package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.predict.ProfileJson;
import org.wqlab.sim.Profiles;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A twin calibrated from runs of a simulated board whose costs no shipped profile has, over real SSH with the
 * command line's own verbs: runs at 1 and 3 GiB with the CPU_INTENSIVE threshold off (set far above any stall on
 * the kernel command line) and one at 1 GiB with the kernel's default (BogoMIPS-scaled, 400 ms at 100 BogoMIPS and
 * HZ=100); the predictions for 2 GiB off and 3 GiB on are checked against runs made afterwards, and the twin's
 * profile file, run as a simulated board, reproduces the runs it was fitted on.
 */
class TwinPredictionRunTest {

    private static final String SPEED = "20";
    private static final long OFF_US = 60_000_000L;
    private static final String OFF = "workqueue.cpu_intensive_thresh_us=" + OFF_US;

    /** Not a shipped profile: another invalidation cost, teardown, BogoMIPS and HZ, a 6.6 kernel, 8 GiB of RAM. */
    private static Path boardProfile(Path dir, String name, Long threshUs) throws Exception {
        JsonObject o = ProfileJson.toJson(Profiles.builtIn("rcar-h3-linux6.12"));
        o.addProperty("name", "test-board-" + name);
        o.addProperty("kernelRelease", "6.6.30-test");
        o.addProperty("vermagic", "6.6.30-test SMP preempt mod_unload aarch64");
        o.addProperty("invalidateNsPerPage", 4200);
        o.addProperty("teardownCpuNs", 45_000_000);
        o.addProperty("bogomips", 100.0);
        o.addProperty("hz", 100);
        o.addProperty("ramBytes", 8L << 30);
        o.addProperty("usbReadBytesPerSecond", 200_000_000);
        if (threshUs != null) {
            o.addProperty("cpuIntensiveThreshUs", threshUs);
        }
        return Files.writeString(dir.resolve(name + ".json"), ProfileJson.text(o));
    }

    /** Copy, then pull; the monitor on the interrupt's CPU with a 10 ms period, so where the pull falls matters little. */
    private static Path sequence(Path dir) throws Exception {
        return Files.writeString(dir.resolve("copy-pull.wqseq"), """
                {"format": "wqseq", "version": 1, "name": "copy then pull", "trace": false,
                 "variables": {"size.mib": "1024"},
                 "steps": [
                  {"type": "connect"},
                  {"type": "load-module", "module": "latency-mon",
                   "params": {"cpu": "0", "report_all": "1", "classic": "0", "period_ms": "10"}},
                  {"type": "sleep", "seconds": "1"},
                  {"type": "run", "name": "drop the page cache", "command": ["sh", "-c", "echo 3 > /proc/sys/vm/drop_caches"], "expectExit": "0"},
                  {"type": "run", "name": "Cached before the copy", "command": ["grep", "^Cached:", "/proc/meminfo"]},
                  {"type": "run", "name": "fill the page cache", "command": ["dd", "if=/run/media/sda1/sample.txt", "of=/dev/zero", "bs=1M", "count=${size.mib}"], "timeout": "1800", "expectExit": "0"},
                  {"type": "run", "name": "Cached before the pull", "command": ["grep", "^Cached:", "/proc/meminfo"]},
                  {"type": "usb-disconnect", "driver": "board", "device": "2-1"},
                  {"type": "wait-log", "pattern": "delay_us=[0-9]{6,}", "timeout": "60"},
                  {"type": "sleep", "seconds": "1"},
                  {"type": "unload-module", "module": "latency-mon"}]}
                """);
    }

    private static Path run(Path dir, Path profile, long mib) throws Exception {
        CliRun run = CliRun.of("run", sequence(dir).toString(), "--board", "sim:" + profile, "--sim-speed", SPEED,
                "--workspace", dir.resolve("ws").toString(), "--var", "size.mib=" + mib, "--json");
        assertEquals(0, run.code(), run.out() + run.err());
        return Path.of(JsonParser.parseString(run.out()).getAsJsonObject().get("experiment").getAsString());
    }

    private static long worstAfterPullUs(Path experiment) throws Exception {
        return ExperimentLoader.load(new ExperimentFolder(experiment)).statistics().disconnects().get(0)
                .worstDelayUs();
    }

    private static JsonObject predict(String... args) {
        CliRun p = CliRun.of(args);
        assertEquals(0, p.code(), p.out() + p.err());
        return JsonParser.parseString(p.out()).getAsJsonObject();
    }

    @Test
    void predictionsFromThreeRunsMatchRunsMadeAfterwardsWithinFivePercent(@TempDir Path dir) throws Exception {
        Path off = boardProfile(dir, "off", OFF_US);
        Path on = boardProfile(dir, "on", null);
        Path off1 = run(dir, off, 1024);
        Path off3 = run(dir, off, 3072);
        Path on1 = run(dir, on, 1024);
        Path twin = dir.resolve("twin.json");
        JsonObject p2off = predict("predict", "--from", off1.toString(), off3.toString(), on1.toString(),
                "--var", "size.mib=2048", "--param", OFF, "--save-twin", twin.toString(), "--json");
        JsonObject p3on = predict("predict", "--twin", twin.toString(), "--var", "size.mib=3072", "--json");
        assertEquals("prediction", p2off.get("kind").getAsString());
        assertTrue(p2off.get("label").getAsString().contains("not a measurement"));

        long measured2off = worstAfterPullUs(run(dir, off, 2048));
        long measured3on = worstAfterPullUs(run(dir, on, 3072));
        long predicted2off = p2off.get("predictedWorstUs").getAsLong();
        long predicted3on = p3on.get("predictedWorstUs").getAsLong();
        // a straight line through the 1 and 3 GiB runs says nothing of a stall the threshold cuts short
        double line3 = worstAfterPullUs(off3);
        System.out.printf(Locale.ROOT, "twin: 2 GiB off predicted %d us, measured %d us (%.2f %%); 3 GiB on predicted"
                + " %d us, measured %d us (%.2f %%), a line through the off runs says %.0f us%n%s%n", predicted2off,
                measured2off, 100.0 * (predicted2off - measured2off) / measured2off, predicted3on, measured3on,
                100.0 * (predicted3on - measured3on) / measured3on, line3, p2off.get("residuals"));
        assertEquals(measured2off, predicted2off, measured2off * 0.05, p2off.toString());
        assertEquals(measured3on, predicted3on, measured3on * 0.05, p3on.toString());
        assertTrue(Math.abs(line3 - measured3on) > measured3on * 0.5, "the threshold caps the 3 GiB stall");

        JsonArray params = p2off.getAsJsonArray("parameters");
        assertEquals("fitted", param(params, "invalidateNsPerPage").get("source").getAsString());
        assertEquals("board facts", param(params, "bogomips").get("source").getAsString());
        assertEquals("100.0", param(params, "bogomips").get("value").getAsString());
        assertEquals("100", param(params, "hz").get("value").getAsString());
        assertTrue(param(params, "cpuIntensiveThreshUs").get("value").getAsString().startsWith("default 400000 us"),
                params.toString());
        double cost = Double.parseDouble(param(params, "invalidateNsPerPage").get("value").getAsString()
                .replace(" ns", ""));
        assertEquals(4200, cost, 4200 * 0.05, params.toString());
        JsonArray residuals = p2off.getAsJsonArray("residuals");
        assertEquals(3, residuals.size());
        assertTrue(residuals.get(2).getAsJsonObject().get("capped").getAsBoolean(), residuals.toString());

        reproducesFittedRuns(dir, twin, residuals, on1, off3);
    }

    /** The twin's file as a simulated board: the runs it was fitted on, again, within the fit's residuals. */
    private static void reproducesFittedRuns(Path dir, Path twin, JsonArray residuals, Path on1, Path off3)
            throws Exception {
        JsonObject twinOff = JsonParser.parseString(Files.readString(twin)).getAsJsonObject();
        twinOff.addProperty("cpuIntensiveThreshUs", OFF_US);
        Path twinOffFile = Files.writeString(dir.resolve("twin-off.json"), ProfileJson.text(twinOff));
        long maxResidual = 0;
        for (var r : residuals) {
            maxResidual = Math.max(maxResidual, Math.abs(r.getAsJsonObject().get("residualUs").getAsLong()));
        }
        long onAgain = worstAfterPullUs(run(dir, twin, 1024));
        long offAgain = worstAfterPullUs(run(dir, twinOffFile, 3072));
        // where the pull falls in the monitor's 20 ms period (10 ms + one tick) moves a single run by up to a period
        long period = 20_000;
        System.out.printf(Locale.ROOT, "twin profile: 1 GiB on %d us (fitted run %d us), 3 GiB off %d us (fitted run"
                + " %d us), largest residual %d us%n", onAgain, worstAfterPullUs(on1), offAgain,
                worstAfterPullUs(off3), maxResidual);
        assertEquals(worstAfterPullUs(on1), onAgain, maxResidual + period);
        assertEquals(worstAfterPullUs(off3), offAgain, maxResidual + period);
    }

    private static JsonObject param(JsonArray params, String key) {
        for (var p : params) {
            if (p.getAsJsonObject().get("key").getAsString().equals(key)) {
                return p.getAsJsonObject();
            }
        }
        throw new AssertionError("no parameter " + key + " in " + params);
    }
}
