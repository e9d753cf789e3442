package org.wqlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.core.elf.ElfMachine;
import org.wqlab.sim.Board;
import org.wqlab.sim.ModuleImage;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.shell.Shell;

/** /sys/module/NAME/ and its parameters/ files while a module is loaded, as the kernel shows them. */
class ModuleSysfsTest {

    private static final String PARAMS = "/sys/module/latency_mon/parameters/";

    private final Board board = Board.virtual(Profiles.builtIn("rcar-h3-default"));
    private final Shell shell = new Shell(board);

    /** The .modinfo of kmod/latency-mon.c: its parameter types and descriptions (with their defaults). */
    private static byte[] improvedModule(String vermagic) {
        return ModuleImage.build(ElfMachine.EM_AARCH64, List.of("license=GPL",
                "parm=period_ms:Period of the delayed work in ms, 1..3600000 (default 100)",
                "parmtype=period_ms:uint",
                "parm=threshold_ms:Late means later than the period by more than this, in ms (default 9)",
                "parmtype=threshold_ms:uint",
                "parm=cpu:CPU to watch; -1: each online CPU, needs classic=0 (default 0)", "parmtype=cpu:int",
                "parm=report_all:0: late runs only; 1: every run, needs classic=0 (default 0)",
                "parmtype=report_all:int",
                "parm=classic:1: original 'DELAY: <ms>' lines; 0: 'latency_mon: cpu=' lines (default 1)",
                "parmtype=classic:int", "srcversion=0123456789ABCDEF0123456", "name=latency_mon",
                "vermagic=" + vermagic));
    }

    private Shell.Result run(String line) {
        return shell.run(line);
    }

    private String cat(String path) {
        Shell.Result r = run("cat " + path);
        assertEquals(0, r.status(), path + ": " + r.err());
        return r.out();
    }

    @Test
    void parametersShowTheLoadValuesAndTheDefaultsUntilRmmod() {
        board.putFile("/tmp/latency-mon.ko", improvedModule(board.profile().vermagic()));
        assertEquals(1, run("test -d /sys/module/latency_mon").status(), "not loaded yet");

        Shell.Result load = run("insmod /tmp/latency-mon.ko cpu=-1 classic=0 report_all=1 threshold_ms=0x10");
        assertEquals(0, load.status(), load.err());

        assertEquals("classic\ncpu\nperiod_ms\nreport_all\nthreshold_ms\n", run("ls " + PARAMS).out());
        assertEquals("-1\n", cat(PARAMS + "cpu"));
        assertEquals("0\n", cat(PARAMS + "classic"));
        assertEquals("1\n", cat(PARAMS + "report_all"));
        assertEquals("16\n", cat(PARAMS + "threshold_ms"), "0x10 parsed as the kernel does (base 0)");
        assertEquals("100\n", cat(PARAMS + "period_ms"), "not given: the module's default");
        assertEquals("live\n", cat("/sys/module/latency_mon/initstate"));
        assertEquals("0123456789ABCDEF0123456\n", cat("/sys/module/latency_mon/srcversion"));
        assertEquals("yes\n", run("test -d /sys/module/latency_mon && test -f " + PARAMS + "cpu && echo yes").out());
        assertTrue(run("dmesg").out().contains("latency_mon: start cpu=all period_ms=100 threshold_ms=16 report_all=1"),
                "the model runs with the values sysfs shows");

        assertEquals(0, run("rmmod latency_mon").status());
        assertEquals(2, run("ls /sys/module/latency_mon").status());
        Shell.Result gone = run("cat " + PARAMS + "cpu");
        assertEquals(1, gone.status());
        assertEquals("cat: " + PARAMS + "cpu: No such file or directory\n", gone.err());
        assertEquals("gone\n", run("test -e /sys/module/latency_mon || echo gone").out());
    }

    @Test
    void defaultsOfTheModelWhenNothingIsGiven() {
        board.putFile("/tmp/latency-mon.ko", improvedModule(board.profile().vermagic()));
        assertEquals(0, run("insmod /tmp/latency-mon.ko").status());
        assertEquals("100\n9\n0\n0\n1\n", run("cat " + PARAMS + "period_ms " + PARAMS + "threshold_ms " + PARAMS
                + "cpu " + PARAMS + "report_all " + PARAMS + "classic").out());
    }

    @Test
    void aValueTheKernelCannotParseIsRefusedAndLeavesNoSysfsFolder() {
        board.putFile("/tmp/latency-mon.ko", improvedModule(board.profile().vermagic()));
        Shell.Result r = run("insmod /tmp/latency-mon.ko period_ms=-5");
        assertEquals(1, r.status());
        assertEquals("insmod: ERROR: could not insert module /tmp/latency-mon.ko: Invalid argument\n", r.err());
        assertTrue(run("dmesg").out().contains("latency_mon: `-5' invalid for parameter `period_ms'"));
        assertEquals(1, run("test -e /sys/module/latency_mon").status());
        assertEquals("", run("cat /proc/modules").out());
    }

    @Test
    void theInstalledModuleTakesTheDefaultSequencesParameters() {
        Shell.Result load = run("modprobe latency-mon cpu=-1 report_all=1 classic=0");
        assertEquals(0, load.status(), load.err());
        assertEquals("-1\n1\n0\n", cat(PARAMS + "cpu") + cat(PARAMS + "report_all") + cat(PARAMS + "classic"));
        run("sleep 1");
        String dmesg = run("dmesg").out();
        assertTrue(!dmesg.contains("unknown parameter"), dmesg);
        assertTrue(dmesg.contains("latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1"), dmesg);
        assertTrue(dmesg.contains("latency_mon: cpu=7 seq=9 delay_us="), dmesg);
        assertEquals(Board.INSTALLED_MODULE_SRCVERSION + "\n", cat("/sys/module/latency_mon/srcversion"));
    }

    @Test
    void theInstalledModuleWithoutParametersPrintsTheReportsDelayLinesForCpu0() {
        assertEquals(0, run("taskset -c 3 modprobe latency-mon").status());
        run("dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=1024; wqlab-board usb pull 2-1; sleep 5");
        String dmesg = run("dmesg").out();
        assertTrue(dmesg.contains("latency_mon: start cpu=0 period_ms=100 threshold_ms=9 report_all=0"), dmesg);
        assertTrue(dmesg.matches("(?s).*USB disconnect.*DELAY: 1\\d{3}\n.*"), "CPU 0 stalls about 2 s: " + dmesg);
    }

    @Test
    void aModuleWithoutParametersHasAFolderButNoParameters() {
        board.putFile("/tmp/latency-mon.ko", ModuleImage.build(ElfMachine.EM_AARCH64, List.of("license=GPL",
                "name=latency_mon", "vermagic=" + board.profile().vermagic())));
        assertEquals(0, run("taskset -c 0 insmod /tmp/latency-mon.ko").status());
        assertEquals("live\n", cat("/sys/module/latency_mon/initstate"));
        assertEquals(2, run("ls " + PARAMS).status(), "a module without parameters has no parameters/ folder");
        assertEquals(0, run("rmmod latency_mon").status());
        assertEquals(1, run("test -d /sys/module/latency_mon").status());
    }

    @Test
    void boolsShowAsYOrNAndDescriptionDefaultsApplyToOtherModules() {
        byte[] demo = ModuleImage.build(ElfMachine.EM_AARCH64, List.of("license=GPL", "parm=verbose:say more",
                "parmtype=verbose:bool", "parm=level:how much (default 7)", "parmtype=level:int",
                "parm=quiet:say less", "parmtype=quiet:bool", "name=demo_mod",
                "vermagic=" + board.profile().vermagic()));
        board.putFile("/tmp/demo.ko", demo);
        assertEquals(0, run("insmod /tmp/demo.ko verbose=1").status());
        assertEquals("Y\n", cat("/sys/module/demo_mod/parameters/verbose"));
        assertEquals("N\n", cat("/sys/module/demo_mod/parameters/quiet"));
        assertEquals("7\n", cat("/sys/module/demo_mod/parameters/level"));
        assertEquals(0, run("rmmod demo_mod").status());
        assertEquals(1, run("cat /sys/module/demo_mod/parameters/level").status());
    }
}
