package org.wqlab.sim.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.wqlab.core.elf.ElfMachine;
import org.wqlab.sim.Board;
import org.wqlab.sim.ModuleImage;
import org.wqlab.sim.Profiles;

class ShellTest {

    private final Board board = Board.virtual(Profiles.builtIn("rcar-h3-default"));
    private final Shell shell = new Shell(board);

    private Shell.Result run(String line) {
        return shell.run(line);
    }

    @Test
    void quotingAndOperators() {
        assertEquals("a b  c\n", run("echo 'a b'  \" c\"").out().replace("a b  c", "a b  c"));
        assertEquals("it's \"x\" $HOME\n", run("echo \"it's \\\"x\\\"\" '$HOME'").out());
        assertEquals("a\\b c\n", run("echo a\\\\b\\ c").out());
        assertEquals("1\n", run("false; echo $?").out());
        assertEquals("yes\n", run("true && echo yes || echo no").out());
        assertEquals("no\n", run("false && echo yes || echo no").out());
        assertEquals("one\ntwo\n", run("echo one; echo two").out());
        Shell.Result r = run("frobnicate --now");
        assertEquals(127, r.status());
        assertEquals("sh: frobnicate: not found\n", r.err());
        assertEquals("127\n", run("frobnicate 2>/dev/null; echo $?").out());
        Shell.Result bad = run("echo 'unterminated");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("unterminated quoted string"), bad.err());
        assertEquals(2, run("&& echo x").status());
        assertEquals(0, run("echo x > /root/f.txt && cat /root/f.txt").status());
        assertEquals("x\ny\n", run("echo y >> /root/f.txt; cat f.txt").out());
        assertEquals("latency-mon.ko\n", run("ls /lib/modules/*/extra").out());
        assertEquals("/lib/modules/5.4.72-yocto-standard/extra/latency-mon.ko\n",
                run("echo /lib/modules/5.4.72-yocto-standar?/extra/*.ko").out());
        assertEquals("f.txt\n", run("echo f.*").out());
        assertEquals("'*' nomatch* f.*\n", run("echo \"'*'\" nomatch* 'f.*'").out());
        assertEquals("", run("echo hidden > /dev/null").out());
        assertTrue(board.file("/dev/null").isEmpty());
    }

    @Test
    void writesToDevKmsgBecomeKernelLogRecordsWithTheirLevel() {
        assertEquals(0, run("echo 'wqlab: step 3 disconnect' > /dev/kmsg").status());
        assertEquals(0, run("echo '<2>wqlab: mark stall' > /dev/kmsg").status());

        assertEquals(run("cat /proc/version").out(), run("cat -- /proc/version").out());
        String dmesg = run("dmesg -r").out();
        assertTrue(dmesg.matches("(?s).*<4>\\[ *[0-9]+\\.[0-9]{6}\\] wqlab: step 3 disconnect\n.*"), dmesg);
        assertTrue(dmesg.matches("(?s).*<2>\\[ *[0-9]+\\.[0-9]{6}\\] wqlab: mark stall\n.*"), dmesg);
    }

    @Test
    void systemInformation() {
        assertEquals("Linux h3ulcb 5.4.72-yocto-standard #1 SMP PREEMPT Thu Aug 6 10:20:31 UTC 2020 aarch64 GNU/Linux\n",
                run("uname -a").out());
        assertEquals("5.4.72-yocto-standard\n", run("uname -r").out());
        assertEquals("8\n", run("nproc").out());
        String cpuinfo = run("cat /proc/cpuinfo").out();
        assertEquals(8, Pattern.compile("BogoMIPS\t: 16.66").matcher(cpuinfo).results().count());
        assertEquals("CONFIG_HZ_250=y\nCONFIG_HZ=250\n", run("zcat /proc/config.gz | grep HZ").out().replace(
                "CONFIG_NO_HZ_IDLE=y\n", ""));
        assertTrue(run("cat /proc/meminfo").out().startsWith("MemTotal:"));
        assertEquals("8\n", run("grep -c -i bogomips /proc/cpuinfo").out());
        assertEquals(1, run("grep -v . /proc/version").status());
        assertEquals(2, run("grep x /nonexistent").status());
        assertEquals(1, run("cat /proc/nonexistent").status());
    }

    @Test
    void theReportsCommandsVerbatim() {
        assertEquals(0, run("taskset -c 0 modprobe latency-mon").status());
        assertTrue(run("lsmod").out().contains("latency_mon            16384  0"));
        run("sleep 5");
        Shell.Result dd = run("dd if=/run/media/sda1/sample.txt of=/dev/zero");
        assertEquals(0, dd.status(), dd.err());
        assertEquals("8388608+0 records in\n8388608+0 records out\n"
                + "4294967296 bytes (4.3 GB, 4.0 GiB) copied, 122.713 s, 35.0 MB/s\n", dd.err());
        run("sleep 2");
        assertEquals(0, run("wqlab-board usb pull 2-1").status());
        run("sleep 10");
        List<String> dmesg = run("dmesg").out().lines().toList();
        int disconnect = indexOf(dmesg, "usb 2-1: USB disconnect, device number 2");
        int delayLine = indexOf(dmesg, "DELAY: ", disconnect);
        assertTrue(disconnect >= 0 && delayLine > disconnect, String.join("\n", dmesg));
        List<String> duringCopy = dmesg.subList(0, disconnect).stream().filter(l -> l.contains("DELAY: ")).toList();
        assertTrue(duringCopy.size() >= 1 && duringCopy.size() <= 3, "small reports during the copy: " + duringCopy);
        assertEquals(1, dmesg.subList(disconnect, dmesg.size()).stream().filter(l -> l.contains("DELAY: ")).count());
        Matcher m = Pattern.compile("\\[ *(\\d+\\.\\d{6})\\] DELAY: (\\d+)").matcher(dmesg.get(delayLine));
        assertTrue(m.matches(), dmesg.get(delayLine));
        assertEquals(6500, Long.parseLong(m.group(2)), 650);
        assertEquals(1, run("wqlab-board usb pull 2-1").status(), "already unplugged");
        assertEquals(0, run("wqlab-board usb plug 2-1").status());
        assertFalse(run("dmesg").out().contains("new high-speed USB device number 3"), "enumerated after a while");
        assertEquals(0, run("sleep 1").status());
        assertTrue(run("dmesg").out().contains("usb 2-1: new high-speed USB device number 3 using xhci-hcd"));
        assertEquals(0, run("rmmod latency_mon").status());
        assertEquals(1, run("rmmod latency_mon").status());
    }

    private static int indexOf(List<String> lines, String text) {
        return indexOf(lines, text, 0);
    }

    private static int indexOf(List<String> lines, String text, int from) {
        for (int i = Math.max(0, from); i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void insmodChecksVermagicAndArchitecture() throws IOException {
        board.putFile("/root/latency-mon.ko", testdata("latency_mon-x86_64.o"));
        Shell.Result r = run("insmod latency-mon.ko");
        assertEquals(1, r.status());
        assertEquals("insmod: ERROR: could not insert module latency-mon.ko: Invalid module format\n", r.err());
        board.putFile("/root/notes.txt", "hello".getBytes());
        assertEquals(1, run("insmod /root/notes.txt").status());

        byte[] wrongMagic = ModuleImage.build(ElfMachine.EM_AARCH64, List.of("name=latency_mon",
                "vermagic=6.1.0-28-arm64 SMP preempt mod_unload aarch64"));
        board.putFile("/root/m.ko", wrongMagic);
        assertEquals(1, run("insmod m.ko").status());
        assertTrue(run("dmesg").out().contains("latency_mon: version magic '6.1.0-28-arm64 SMP preempt mod_unload "
                + "aarch64' should be '5.4.72-yocto-standard SMP preempt mod_unload aarch64'"));
    }

    private static byte[] testdata(String name) throws IOException {
        try (InputStream in = ShellTest.class.getResourceAsStream("/testdata/sim/" + name)) {
            assertTrue(in != null, "missing test data " + name);
            return in.readAllBytes();
        }
    }

    @Test
    void gccBuiltAarch64ModuleForTheProfilesKernelLoads() throws IOException {
        board.putFile("/tmp/latency-mon.ko", testdata("latency_mon-rcar-aarch64.o"));
        Shell.Result info = run("modinfo /tmp/latency-mon.ko");
        assertTrue(info.out().contains("vermagic:       5.4.72-yocto-standard SMP preempt mod_unload aarch64\n"),
                info.out());
        assertTrue(info.out().contains("parm:           cpu:CPU to monitor, -1 for all (int)\n"), info.out());
        Shell.Result r = run("insmod /tmp/latency-mon.ko cpu=0 classic=0 threshold_ms=5 bogus=1");
        assertEquals(0, r.status(), r.err());
        String dmesg = run("dmesg").out();
        assertTrue(dmesg.contains("] latency_mon: unknown parameter 'bogus' ignored\n"), dmesg);
        assertTrue(dmesg.contains("] latency_mon: start cpu=0 period_ms=100 threshold_ms=5 report_all=0\n"), dmesg);
        assertEquals(1, run("insmod /tmp/latency-mon.ko").status(), "already loaded");
    }

    @Test
    void improvedModuleWithParametersFromUploadedKo() {
        byte[] improved = ModuleImage.build(ElfMachine.EM_AARCH64, List.of("license=GPL", "parmtype=period_ms:uint",
                "parmtype=threshold_ms:uint", "parmtype=cpu:int", "parmtype=classic:bool", "parmtype=report_all:bool",
                "name=latency_mon", "vermagic=5.4.72-yocto-standard SMP preempt mod_unload aarch64"));
        board.putFile("/tmp/latency-mon.ko", improved);
        assertTrue(run("modinfo /tmp/latency-mon.ko").out().contains("parm:           cpu: (int)"));
        assertEquals(0, run("insmod /tmp/latency-mon.ko cpu=2 classic=0 report_all=1").status());
        run("sleep 1");
        String dmesg = run("dmesg").out();
        assertTrue(dmesg.contains("] latency_mon: start cpu=2 period_ms=100 threshold_ms=9 report_all=1"), dmesg);
        assertTrue(dmesg.contains("] latency_mon: cpu=2 seq=9 delay_us=4"), dmesg);
        assertTrue(run("dmesg -r").out().contains("<6>["));
        assertEquals(0, run("rmmod latency_mon").status());
        assertTrue(run("dmesg").out().endsWith("] latency_mon: stop\n"));
    }

    @Test
    void sysfsRemoveTakesTheTimeInTheWriter() {
        run("taskset -c 0 modprobe latency-mon");
        run("dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=1024");
        long before = board.kernel().nowNs();
        int logged = run("dmesg").out().length();
        Shell.Result r = run("echo 1 > /sys/bus/usb/devices/2-1/remove");
        long took = board.kernel().nowNs() - before;
        assertEquals(0, r.status(), r.err());
        assertEquals(262_144L * 7665 + 183_000_000, took, 1_000_000);
        run("sleep 5");
        assertTrue(!run("dmesg").out().substring(logged).contains("DELAY"));
        assertEquals(1, run("echo 1 > /sys/bus/usb/devices/2-1/remove").status());
    }

    @Test
    void irqAffinityAndWorkqueueParameter() {
        assertEquals("1\n", run("cat /proc/irq/174/smp_affinity").out());
        assertEquals(0, run("echo 2 > /proc/irq/174/smp_affinity").status());
        assertEquals(1, board.kernel().usbIrqCpu());
        Shell.Result bad = run("echo 0 > /proc/irq/174/smp_affinity");
        assertEquals(1, bad.status());
        assertEquals("sh: echo: write error: Invalid argument\n", bad.err());
        assertEquals(1, run("cat /sys/module/workqueue/parameters/cpu_intensive_thresh_us").status(),
                "5.4 has no such parameter");
        Board b612 = Board.virtual(Profiles.builtIn("rcar-h3-linux6.12"));
        Shell s612 = new Shell(b612);
        assertEquals("1000000\n", s612.run("cat /sys/module/workqueue/parameters/cpu_intensive_thresh_us").out());
        assertEquals(0, s612.run("echo 10000 > /sys/module/workqueue/parameters/cpu_intensive_thresh_us").status());
        assertEquals(10_000, b612.kernel().workqueues().cpuIntensiveThreshUs());
    }

    @Test
    void unmountThenPullGivesNoDelay() {
        run("taskset -c 0 modprobe latency-mon");
        run("dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=2048");
        assertEquals(0, run("sync && umount /run/media/sda1").status());
        assertEquals(1, run("dd if=/run/media/sda1/sample.txt of=/dev/zero").status());
        int logged = run("dmesg").out().length();
        run("wqlab-board usb pull 2-1; sleep 5");
        String dmesg = run("dmesg").out().substring(logged);
        assertTrue(!dmesg.contains("DELAY"), dmesg);
    }

    @Test
    void tracefsInstanceNamesHubEventAsTheHog() {
        String inst = "/sys/kernel/tracing/instances/wqlab";
        assertEquals(0, run("mkdir " + inst).status());
        assertEquals(1, run("mkdir " + inst).status());
        assertEquals("instances\n", run("ls /sys/kernel/tracing | grep inst").out());
        assertEquals("wqlab\n", run("ls /sys/kernel/tracing/instances").out());
        assertEquals(0, run("echo 1 > " + inst + "/events/workqueue/enable && echo 1 > " + inst
                + "/events/sched/sched_switch/enable").status());
        assertEquals("1\n", run("cat " + inst + "/events/workqueue/enable").out());
        assertEquals("0\n", run("cat /sys/kernel/tracing/events/workqueue/enable").out());
        run("taskset -c 0 modprobe latency-mon; dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=1024");
        run("echo > " + inst + "/trace; wqlab-board usb pull 2-1; sleep 5");
        List<String> trace = run("cat " + inst + "/trace").out().lines().toList();
        Pattern stamp = Pattern.compile(".* (\\d+\\.\\d{6}): workqueue_execute_(start|end): work struct [0-9a-f]+: function hub_event");
        double start = -1;
        double end = -1;
        for (String line : trace) {
            Matcher m = stamp.matcher(line);
            if (m.matches()) {
                if (m.group(2).equals("start")) {
                    start = Double.parseDouble(m.group(1));
                } else {
                    end = Double.parseDouble(m.group(1));
                }
            }
        }
        assertTrue(start > 0 && end > start, String.join("\n", trace.subList(0, Math.min(20, trace.size()))));
        assertEquals(0.183 + 262_144 * 7.665e-6, end - start, 0.002, "hub_event held CPU 0 for the invalidation");
        assertTrue(trace.stream().anyMatch(l -> l.contains("sched_switch: prev_comm=kworker/0:")));
        assertEquals("# tracer: nop\n#\n", run("cat /sys/kernel/tracing/trace").out(), "top level buffer untouched");
        assertEquals(0, run("rmdir " + inst).status());
        assertEquals(1, run("cat " + inst + "/trace").status());
    }

    @Test
    void disconnectDriversTearDownWhereTheRealKernelDoes() {
        run("dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=256");
        assertEquals(0, run("uhubctl -l 2 -p 1 -a off -S").status());
        run("sleep 3");
        assertEquals(1, board.kernel().groundTruth().workRecords("hub_event").size(), "-S: hub_event teardown");
        assertEquals(0, run("uhubctl -l 2 -p 1 -a on && sleep 1 && usbmuxctl disconnect && sleep 1").status());
        assertEquals(2, board.kernel().groundTruth().workRecords("hub_event").size(), "mux: hub_event teardown");
        assertEquals(0, run("usbmuxctl device-host").status());

        Board b612 = Board.virtual(Profiles.builtIn("rcar-h3-linux6.12"));
        Shell s612 = new Shell(b612);
        s612.run("dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=256");
        long before = b612.kernel().nowNs();
        assertEquals(0, s612.run("uhubctl -l 2 -p 1 -a off").status());
        assertEquals(65_536L * 7665 + 183_000_000, b612.kernel().nowNs() - before, 1_000_000,
                ">= 6.0 without -S: sysfs disable, the writer takes the time");
        assertEquals(List.of(), b612.kernel().groundTruth().workRecords("hub_event"));
    }

    @Test
    void authorizedZeroThenOneBringsTheStickBack() {
        assertEquals(0, run("echo 0 > /sys/bus/usb/devices/2-1/authorized").status());
        assertEquals("0\n", run("cat /sys/bus/usb/devices/2-1/authorized").out());
        assertEquals(2, run("ls /run/media/sda1/sample.txt").status(), "GNU ls: cannot access");
        assertEquals(0, run("echo 1 > /sys/bus/usb/devices/2-1/authorized && sleep 1").status());
        assertEquals("1\n", run("cat /sys/bus/usb/devices/2-1/authorized").out());
        assertEquals("/run/media/sda1/sample.txt\n", run("ls /run/media/sda1/sample.txt").out(),
                "enumerated again and mounted by the automounter");
        assertEquals(0, run("umount /run/media/sda1").status());
        assertEquals(2, run("ls /run/media/sda1/sample.txt").status(), "unmounted");
        assertEquals(0, run("mount /dev/sda1 /run/media/sda1").status());
        assertEquals("/run/media/sda1/sample.txt\n", run("ls /run/media/sda1/sample.txt").out());
        assertTrue(run("dmesg").out().contains("usb 2-1: new high-speed USB device number 3 using xhci-hcd"));
        assertEquals(0, run("echo 3 > /proc/irq/174/smp_affinity_list && cat /proc/irq/174/smp_affinity").status());
        assertEquals("8\n", run("cat /proc/irq/174/smp_affinity").out());
    }

    @Test
    void parserRejectsDanglingOperators() {
        assertThrows(ShellSyntaxException.class, () -> CommandLine.parse("echo a &&"));
        assertThrows(ShellSyntaxException.class, () -> CommandLine.parse("| grep x"));
        assertThrows(ShellSyntaxException.class, () -> CommandLine.parse("echo >"));
    }
}
